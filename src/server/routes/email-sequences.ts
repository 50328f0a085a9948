/**
 * Email sequences: /v2/email-sequence… Reads answer without the envelope
 * (the list is a bare array, one entry per sequence describing its first
 * step). A sequence is visible to the user who created it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateEmailSequenceBody, IdPath } from '../../api/schema.js';
import type { EmailSequenceDetail, EmailSequenceEntry, FollowupStep } from '../../api/schema.js';
import { isoNow } from '../db.js';
import { params, principal, write, type Ctx } from '../context.js';
import { forbidden, notFound, parse } from '../errors.js';

const NoParams = z.strictObject({});

interface StepRow {
  id: number;
  seq: number;
  subject: string;
  content: string | null;
  days: number;
  duration: string;
  hours: number | null;
  minutes: number | null;
}

async function detail(ctx: Ctx, seq: { id: number; name: string; created_at: string }): Promise<EmailSequenceDetail> {
  const steps = await ctx.sql.all<StepRow>('SELECT * FROM followups WHERE sequence_id = ? ORDER BY seq', [seq.id]);
  return {
    Id: String(seq.id),
    Name: seq.name,
    CreatedAt: seq.created_at,
    EmailFollowups: steps.map((s): FollowupStep => {
      // Content, Hours and Minutes "may be absent": absent when never set.
      return {
        EmailFollowupId: s.id,
        Subject: s.subject,
        ...(s.content !== null ? { Content: s.content } : {}),
        Days: s.days,
        Duration: s.duration,
        ...(s.hours !== null ? { Hours: s.hours } : {}),
        ...(s.minutes !== null ? { Minutes: s.minutes } : {}),
        Sequence: s.seq,
      };
    }),
  };
}

export function emailSequenceRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/email-sequence', async (req) => {
    const p = principal(req);
    parse(NoParams, params(req), 'query');
    const rows = await ctx.sql.all<{
      id: number;
      user_id: number;
      name: string;
      created_at: string;
      owner_name: string;
      owner_email: string;
      step_id: number;
      subject: string;
      content: string;
      views: number;
      last_sent: string | null;
    }>(
      // The view total as an integer: SUM of integers is numeric on PostgreSQL.
      `SELECT s.id, s.user_id, s.name, s.created_at, u.name AS owner_name, u.email AS owner_email,
         f.id AS step_id, f.subject, COALESCE(f.content, '') AS content,
         (SELECT CAST(COALESCE(SUM(view_count), 0) AS BIGINT) FROM followups WHERE sequence_id = s.id) AS views,
         (SELECT MAX(last_sent) FROM followups WHERE sequence_id = s.id) AS last_sent
       FROM sequences s JOIN users u ON u.id = s.user_id
       JOIN followups f ON f.sequence_id = s.id AND f.seq = 1
       WHERE s.user_id = ? ORDER BY s.id`,
      [p.userId],
    );
    return rows.map((r): EmailSequenceEntry => ({
      EmailTemplateId: r.id,
      UserId: r.user_id,
      Name: r.name,
      CreatedAt: r.created_at,
      Content: r.content,
      Subject: r.subject,
      EmailFollowupId: r.step_id,
      TotalViewCount: r.views,
      LastSent: r.last_sent,
      OwnerName: r.owner_name,
      OwnerEmail: r.owner_email,
    }));
  });

  app.get('/v2/email-sequence/:id', async (req) => {
    const { id } = parse(IdPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const seq = await ctx.sql.get<{ id: number; user_id: number; name: string; created_at: string }>(
      'SELECT id, user_id, name, created_at FROM sequences WHERE id = ?',
      [Number(id)],
    );
    if (seq === undefined) throw notFound(`Email sequence ${id} not found`);
    if (seq.user_id !== principal(req).userId) throw forbidden(`Email sequence ${id} belongs to another user`);
    return detail(ctx, seq);
  });

  app.post('/v2/email-sequence', async (req, reply) => {
    const body = parse(CreateEmailSequenceBody, req.body ?? {});
    return write(ctx, req, reply, async (p, _changed, ctx) => {
      const now = isoNow(ctx.now());
      const row = await ctx.sql.get<{ id: number }>(
        'INSERT INTO sequences (user_id, name, created_at) VALUES (?, ?, ?) RETURNING id',
        [p.userId, body.Name, now],
      );
      const id = (row as { id: number }).id;
      for (const [i, s] of body.Steps.entries()) {
        await ctx.sql.run(
          `INSERT INTO followups (sequence_id, seq, subject, content, days, duration, hours, minutes)
           VALUES (?, ?, ?, ?, ?, 'days', ?, ?)`,
          [id, i + 1, s.Subject, s.Content ?? null, s.Days, s.Hours ?? null, s.Minutes ?? null],
        );
      }
      return detail(ctx, { id, name: body.Name, created_at: now });
    });
  });
}
