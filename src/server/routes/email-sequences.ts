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

function detail(ctx: Ctx, seq: { id: number; name: string; created_at: string }): EmailSequenceDetail {
  const steps = ctx.q('SELECT * FROM followups WHERE sequence_id = ? ORDER BY seq').all(seq.id) as StepRow[];
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
    const rows = ctx
      .q(
        `SELECT s.id, s.user_id, s.name, s.created_at, u.name AS owner_name, u.email AS owner_email,
           f.id AS step_id, f.subject, COALESCE(f.content, '') AS content,
           (SELECT COALESCE(SUM(view_count), 0) FROM followups WHERE sequence_id = s.id) AS views,
           (SELECT MAX(last_sent) FROM followups WHERE sequence_id = s.id) AS last_sent
         FROM sequences s JOIN users u ON u.id = s.user_id
         JOIN followups f ON f.sequence_id = s.id AND f.seq = 1
         WHERE s.user_id = ? ORDER BY s.id`,
      )
      .all(p.userId) as {
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
    }[];
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
    const seq = ctx.q('SELECT id, user_id, name, created_at FROM sequences WHERE id = ?').get(Number(id)) as
      { id: number; user_id: number; name: string; created_at: string } | undefined;
    if (seq === undefined) throw notFound(`Email sequence ${id} not found`);
    if (seq.user_id !== principal(req).userId) throw forbidden(`Email sequence ${id} belongs to another user`);
    return detail(ctx, seq);
  });

  app.post('/v2/email-sequence', async (req, reply) => {
    const body = parse(CreateEmailSequenceBody, req.body ?? {});
    return write(ctx, req, reply, (p) => {
      const now = isoNow(ctx.now());
      const id = Number(
        ctx.q('INSERT INTO sequences (user_id, name, created_at) VALUES (?, ?, ?)').run(p.userId, body.Name, now)
          .lastInsertRowid,
      );
      body.Steps.forEach((s, i) =>
        ctx
          .q(
            `INSERT INTO followups (sequence_id, seq, subject, content, days, duration, hours, minutes)
             VALUES (?, ?, ?, ?, ?, 'days', ?, ?)`,
          )
          .run(id, i + 1, s.Subject, s.Content ?? null, s.Days, s.Hours ?? null, s.Minutes ?? null),
      );
      return detail(ctx, { id, name: body.Name, created_at: now });
    });
  });
}
