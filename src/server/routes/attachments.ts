/**
 * An attachment's bytes (`GET /v2/attachment/:id`, docs/api.md), as the
 * sender's mail carried them: its declared type, always as a download
 * (`Content-Disposition: attachment`, the name made safe) and never sniffed,
 * so a part whose declared type lies is saved, not run or shown.
 */
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { safeFileName } from '../../text/file-name.js';
import { params, principal, type Ctx } from '../context.js';
import { parse } from '../errors.js';
import { attachmentOf } from '../mail/attachment.js';

const AttachmentPath = z.strictObject({ attachmentId: z.string().min(1).max(40) });
const NoParams = z.strictObject({});

/**
 * RFC 6266: the name as `filename*` (RFC 5987, UTF-8) and an ASCII
 * `filename` for older clients; a header of ASCII only passes every proxy
 * (and Node refuses some Latin-1 in headers).
 */
function disposition(name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(safe, { type: 'attachment', fallback: ascii });
}

export function attachmentRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/attachment/:attachmentId', async (req, reply) => {
    const { attachmentId } = parse(AttachmentPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const a = await attachmentOf(ctx, principal(req), attachmentId);
    return reply
      .code(200)
      .headers({
        'content-type': a.contentType,
        'content-length': String(a.bytes.length),
        'content-disposition': disposition(a.name),
        'x-content-type-options': 'nosniff',
        // Opened by mistake in a browser, it runs nothing and loads nothing.
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
      })
      .send(a.bytes);
  });
}
