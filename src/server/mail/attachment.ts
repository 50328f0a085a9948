/**
 * An attachment's bytes, exactly as they arrived: read again from the one
 * message's raw copy (messages.raw), never from anything re-encoded. A
 * message's attachments are listed in the order mailparser gives its parts,
 * when it arrives (read-mail.ts) and when its raw is read here, so an
 * attachment is named by its message's row and its place in that list; what
 * is found there is checked against the list (size, name) before a byte is
 * served.
 */
import type { MessageAttachment } from '../../api/schema-mail.js';
import type { Principal } from '../auth.js';
import { cardFor, type Ctx } from '../context.js';
import { HttpError, notFound } from '../errors.js';

/** `<message row>.<place in its list>`; opaque to clients. */
export const attachmentId = (messageRow: number, index: number): string => `${messageRow}.${index}`;
export const attachmentUrl = (id: string): string => `/v2/attachment/${encodeURIComponent(id)}`;

const ID = /^([1-9][0-9]{0,15})\.(0|[1-9][0-9]{0,4})$/;

/** The list as stored, each given its Id and Url when the raw message is kept to serve it from. */
export function withRoutes(messageRow: number, list: MessageAttachment[], hasRaw: boolean): MessageAttachment[] {
  if (!hasRaw) return list;
  return list.map((a, i) => {
    const Id = attachmentId(messageRow, i);
    return { ...a, Id, Url: attachmentUrl(Id) };
  });
}

export interface AttachmentBytes {
  /** As the sender named it (made safe only where it is used). */
  name: string;
  /** As declared by the sender, or application/octet-stream when unreadable as a type. */
  contentType: string;
  bytes: Buffer;
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

const unknownId = (id: string) => notFound(`No attachment ${id}`);

interface Row {
  card_id: number;
  attachments: string;
  raw: Buffer | null;
}

/**
 * The attachment `id` names, to a key that can see its card's board. Any
 * other key is answered as an unknown id would be: nothing says the card
 * exists.
 */
export async function attachmentOf(ctx: Ctx, p: Principal, id: string): Promise<AttachmentBytes> {
  const m = ID.exec(id);
  if (m === null) throw unknownId(id);
  const [row, index] = [Number(m[1]), Number(m[2])];
  if (!Number.isSafeInteger(row)) throw unknownId(id);
  // Only the card first: the raw (up to 25 MiB) is read once the key is known to see it.
  const owner = await ctx.sql.get<{ card_id: number }>('SELECT card_id FROM messages WHERE id = ?', [row]);
  if (owner === undefined) throw unknownId(id);
  try {
    await cardFor(ctx, p, owner.card_id, false);
  } catch (e) {
    if (e instanceof HttpError && (e.status === 403 || e.status === 404)) throw unknownId(id);
    throw e;
  }
  const msg = await ctx.sql.get<Row>('SELECT card_id, attachments, raw FROM messages WHERE id = ?', [row]);
  if (msg === undefined) throw unknownId(id);
  const listed = (JSON.parse(msg.attachments) as MessageAttachment[])[index];
  if (listed === undefined) throw unknownId(id);
  if (msg.raw === null) {
    throw new HttpError(
      410,
      `The attachment ${listed.Name} can't be served: its message's original copy is not kept on this service`,
    );
  }
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(Buffer.from(msg.raw), {
    skipTextToHtml: true,
    skipImageLinks: true,
    keepCidLinks: true,
  });
  const part = parsed.attachments[index];
  const size = part?.size ?? part?.content.length;
  // Named as listed when it arrived ("(unnamed)" when it had no name); the size is the decoded bytes'.
  const sameName = part !== undefined && (part.filename ?? '(unnamed)') === listed.Name;
  if (part === undefined || size !== listed.Size || part.content.length !== listed.Size || !sameName) {
    throw new HttpError(
      410,
      `The attachment ${listed.Name} can't be served: its message's original copy no longer holds it as it arrived`,
    );
  }
  return {
    name: listed.Name,
    contentType: MIME_TYPE.test(part.contentType) ? part.contentType.toLowerCase() : 'application/octet-stream',
    bytes: part.content,
  };
}
