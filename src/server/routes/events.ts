/**
 * GET /v2/events — an extension of the local service: the changes of the
 * boards a key may see, as Server-Sent Events, each named by its id in the
 * change log so `Last-Event-ID` resumes where a dropped stream stopped.
 */
import type { FastifyInstance } from 'fastify';
import { EventsQuery, RELOAD_EVENT, type EventData } from '../../api/schema-events.js';
import type { ChangeFeed, ChangeRow } from '../changes-feed.js';
import { boardFor, params, principal, type Ctx } from '../context.js';
import { badRequest, parse } from '../errors.js';

function lastEventId(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v.trim());
  if (!/^\d{1,16}$/.test(v.trim()) || !Number.isSafeInteger(n)) {
    throw badRequest('Last-Event-ID: must be the id of an event this stream sent, such as 42');
  }
  return n;
}

/** How long a client waits before reconnecting to a stream the server ended (SSE `retry:`). */
export const RECONNECT_MS = 2000;

function frame(row: ChangeRow): string {
  const data: EventData = {
    BoardId: row.board_id,
    CardId: row.card_id === null ? null : String(row.card_id),
    Kind: row.kind,
    By: row.by_email,
  };
  return `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function eventRoutes(app: FastifyInstance, ctx: Ctx, feed: ChangeFeed): void {
  app.get('/v2/events', async (req, reply) => {
    const p = principal(req);
    const { BoardId } = parse(EventsQuery, params(req), 'query');
    // Refused before the stream starts, in the envelope like any other refusal.
    if (BoardId !== undefined) await boardFor(ctx, p, BoardId);
    const lastId = lastEventId(req.headers['last-event-id']);
    const sees = async (boardId: number) => {
      if (BoardId !== undefined && boardId !== BoardId) return false;
      try {
        // An archived board's members still hear that it was archived.
        await boardFor(ctx, p, boardId, true);
        return true;
      } catch {
        return false;
      }
    };
    // A key revoked meanwhile (by any process or instance) ends its streams at the next event or heartbeat.
    const revoked = () =>
      ctx.pages.memo(`revoked:${p.keyId}`, async () => {
        const key = await ctx.sql.get<{ revoked_at: string | null }>('SELECT revoked_at FROM api_keys WHERE id = ?', [
          p.keyId,
        ]);
        return key?.revoked_at !== null;
      });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // Proxies that buffer (nginx) would hold events back.
      'x-accel-buffering': 'no',
      // A stream's end is the connection's: a server stopping is not held open by an idle keep-alive.
      connection: 'close',
    });
    const write = async (s: string) => {
      if (res.writableEnded) return;
      if (await revoked()) res.end();
      else res.write(s);
    };
    const { sub, missed } = await feed.subscribe(
      {
        sees,
        userId: p.userId,
        send: (row) => write(frame(row)),
        beat: async () => {
          await ctx.pages.sync();
          await write(': heartbeat\n\n');
        },
        // The server stopping (or the database away): reconnect after a pause, with Last-Event-ID.
        end: () => void (res.writableEnded || res.end(`retry: ${RECONNECT_MS}\n\n`)),
      },
      lastId,
    );
    await write(': live\n\n');
    if (missed === 'reload') await write(`event: ${RELOAD_EVENT}\ndata: {}\n\n`);
    else for (const row of missed) await write(frame(row));
    res.once('close', () => feed.unsubscribe(sub));
    return reply;
  });
}
