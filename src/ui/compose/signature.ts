/**
 * The member's own signature: the config's `"signature"`, set once at start
 * (`applySignature` in run.tsx), its `{{agent.name}}` and the rest filled
 * here for the composer to show as the service will send it. Sent as the
 * template (ReplyBody's `Signature`): the service fills it the same way
 * (text/template.ts). Without one, the board's signature applies.
 */
import { agentValues, fillTemplate } from '../../text/template.js';

let own: string | null = null;

export function applySignature(text: string | undefined): void {
  own = text === undefined || text.trim() === '' ? null : text;
}

/** The config's signature as written, or null. */
export const configSignature = (): string | null => own;

/** Whoever writes: the `me` the server told, and the open board's name. */
export interface Writer {
  readonly name: string | null;
  readonly email: string | null;
}

/** A signature template filled for the writer and board (a variable with no value stays as written). */
export function fillSignature(template: string, writer: Writer | null, boardName: string): string {
  const values = agentValues({ name: writer?.name ?? undefined, email: writer?.email ?? '' }, boardName);
  return fillTemplate(template, values).text;
}
