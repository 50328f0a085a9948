/**
 * `inboard serve --notify-email MINUTES`: a member's notifications left
 * unread that long are mailed to them, once each, through the board's
 * mailbox (else the service's relay) — one mail per member and board.
 * Exactly one instance mails each: a notification is claimed with one
 * conditional UPDATE (`emailed_ms`), and handed back when the relay
 * refused, to be tried at the next look.
 */
import type { Notification } from '../../api/schema-notifications.js';
import { notificationLine } from '../../text/notification-words.js';
import type { Ctx } from '../context.js';
import { newMessageId, sendRoute, type ReplyMail } from '../mail/send-reply.js';
import { sendMail } from '../mail/smtp.js';
import { notificationPage } from './read.js';

interface Due {
  id: number | string;
  user_id: number | string;
  board_id: number | string;
  email: string;
}

/** Most notifications one look mails. */
const BATCH = 200;

/** Claims and mails what stayed unread `afterMs`; resolves to how many notifications this instance mailed. */
export async function mailUnread(ctx: Ctx, m: ReplyMail, afterMs: number): Promise<number> {
  const now = ctx.now();
  const due = await ctx.sql.all<Due>(
    `SELECT n.id, n.user_id, n.board_id, u.email FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE n.read_ms IS NULL AND n.emailed_ms IS NULL AND n.created_ms <= ? ORDER BY n.id LIMIT ${BATCH}`,
    [now - afterMs],
  );
  const groups = new Map<string, { userId: number; email: string; boardId: number; ids: number[] }>();
  for (const d of due) {
    const claimed = await ctx.sql.run(
      'UPDATE notifications SET emailed_ms = ? WHERE id = ? AND emailed_ms IS NULL AND read_ms IS NULL',
      [now, Number(d.id)],
    );
    if (claimed === 0) continue;
    const key = `${d.user_id}:${d.board_id}`;
    const g = groups.get(key) ?? { userId: Number(d.user_id), email: d.email, boardId: Number(d.board_id), ids: [] };
    g.ids.push(Number(d.id));
    groups.set(key, g);
  }
  let mailed = 0;
  for (const g of groups.values()) {
    try {
      await mailOne(ctx, m, g);
      mailed += g.ids.length;
    } catch (e) {
      // Handed back: the next look tries again.
      for (const id of g.ids) await ctx.sql.run('UPDATE notifications SET emailed_ms = NULL WHERE id = ?', [id]);
      m.log?.(`notify-email: ${g.email}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return mailed;
}

async function mailOne(
  ctx: Ctx,
  m: ReplyMail,
  g: { userId: number; email: string; boardId: number; ids: number[] },
): Promise<void> {
  // As the member's own list shows them: a card they no longer see is told without its content.
  const want = new Set(g.ids);
  const items: Notification[] = [];
  for (let before: number | undefined = Math.max(...g.ids) + 1; before !== undefined;) {
    const page = await notificationPage(
      ctx.sql,
      { userId: g.userId, email: g.email },
      {
        unread: false,
        limit: 200,
        before,
      },
    );
    items.push(...page.Items.filter((n) => want.has(Number(n.Id))));
    const next = page.Next === null ? undefined : Number(page.Next);
    before = next !== undefined && next > Math.min(...g.ids) && items.length < want.size ? next : undefined;
  }
  if (items.length === 0) return;
  const route = await sendRoute(ctx, m, g.boardId, null);
  const lines = items.map((n) => `- ${n.At.slice(0, 16).replace('T', ' ')} UTC  ${notificationLine(n)}`);
  await sendMail(
    route.mail,
    {
      to: [g.email],
      cc: [],
      subject: `${items.length === 1 ? 'A notification' : `${items.length} notifications`} left unread in inboard`,
      text: `${lines.join('\n')}\n\nRead them with \`inboard notifications --unread\` or in the board (the notifications key).\n`,
      messageId: newMessageId(route.mail.from),
      inReplyTo: null,
      references: [],
      date: new Date(ctx.now()),
    },
    route.sender?.target,
  );
}
