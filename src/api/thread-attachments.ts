/**
 * A thread's attachments in one list, each with the message it came with:
 * what the command line lists and saves, the board's detail selects and the
 * MCP tool reads. And which of them read as text (the pager, the tool).
 */
import type { CardMessage, MessageAttachment } from './schema-mail.js';

export interface ThreadAttachment {
  /** The message's place in the thread, from 1 (as `inboard card thread` numbers them). */
  message: number;
  messageId: string;
  from: string;
  attachment: MessageAttachment;
}

export function attachmentsOf(messages: readonly CardMessage[]): ThreadAttachment[] {
  return messages.flatMap((m, i) =>
    m.Attachments.map((attachment) => ({ message: i + 1, messageId: m.MessageId, from: m.From, attachment })),
  );
}

/** Extensions read as text whatever their declared type (logs and tables are often sent as octet-stream). */
const TEXT_EXTENSIONS = /\.(log|csv|tsv|txt|md|json|xml|ya?ml|ini|conf|eml|ics|vcf)$/i;
const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|x-yaml|yaml)$)/i;

/** Whether an attachment can be read as text: text/*, or a .log, .csv and the like. */
export function isTextAttachment(a: { Name: string; ContentType: string }): boolean {
  return TEXT_TYPES.test(a.ContentType.trim()) || TEXT_EXTENSIONS.test(a.Name.trim());
}

/** An attachment's bytes as text (UTF-8, invalid bytes replaced), a byte-order mark dropped. */
export function attachmentText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}

/** Why an attachment can't be fetched, in words, or undefined when it can (it has an Id). */
export function notServed(a: MessageAttachment, dragApp: boolean): string | undefined {
  if (a.Id !== undefined) return undefined;
  return dragApp
    ? "DragApp's API does not serve attachments' bytes"
    : `this server keeps no copy of ${a.Name} to serve (only its name and size)`;
}
