/**
 * An attachment's bytes (extension `attachments`): GET /v2/attachment/:id,
 * answered with the file itself, not JSON. Its type and name are read from
 * the answer's headers (Content-Disposition, RFC 6266: `filename*` first).
 */
import contentDisposition from 'content-disposition';
import type { Endpoints } from '../operations.js';
import type { AttachmentFile } from '../types.js';
import { seg } from '../wire.js';

const header = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

/** The name the answer gives; '' when it gives none or none readable (the caller knows the listed one). */
function nameOf(disposition: string): string {
  if (disposition === '') return '';
  try {
    return contentDisposition.parse(disposition).parameters.filename ?? '';
  } catch {
    return '';
  }
}

export const attachmentEndpoints: Endpoints<'getAttachment'> = {
  getAttachment: (w, id, o) => {
    const path = `/v2/attachment/${seg(id)}`;
    return w.extension('attachments', 'GET', path, async (): Promise<AttachmentFile> => {
      const { headers, bytes } = await w.bytes(path, { o });
      return {
        Name: nameOf(header(headers['content-disposition'])),
        ContentType: header(headers['content-type']).split(';')[0]?.trim() || 'application/octet-stream',
        Bytes: bytes,
      };
    });
  },
};
