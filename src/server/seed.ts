/**
 * The demo workspace: a believable shared inbox, deterministic (fixed
 * timestamps, no randomness) so tests and screenshots can rely on it.
 * Written only into a database with no boards.
 */
import { ensureUser } from './auth.js';
import type { DB } from './db.js';
import { GAP } from './positions.js';

export const DEMO_TEAMMATE = 'sam.rivera@example.com';
/** Every demo timestamp counts back from here. */
// Dates are relative to the day the demo is written, so due dates read as
// "this week" rather than long overdue; titles and structure stay fixed.
// (Never in the future: created/commented times count back from now.)
const BASE = Math.floor(Date.now() / 60_000) * 60_000;
const iso = (minutesBefore: number) => new Date(BASE - minutesBefore * 60_000).toISOString();
const day = (daysAfter: number) =>
  new Date(BASE + daysAfter * 86_400_000).toISOString().slice(0, 10) + 'T17:00:00.000Z';

/** u: unread · t: tags · a: assignees (o owner, s teammate) · d: due in days · n/c/s: note, comment, sub-task. */
interface Spec {
  u?: 1;
  t?: string[];
  a?: 'o' | 's' | 'os';
  d?: number;
  n?: string;
  c?: string;
  s?: string;
}
type CardSpec = [title: string, spec?: Spec];

/** Support Inbox threads archived from Done: title, days ago. */
const ARCHIVED: [string, number][] = [
  ['Re: Receipt for order #88213 (resolved)', 4],
  ['Out of office: back Monday', 6],
];

const SUPPORT: Record<string, CardSpec[]> = {
  New: [
    ['Re: Invoice #10482 charged twice this month', { u: 1, t: ['Billing', 'Urgent'], d: 1 }],
    ['Can’t log in after password reset 😩', { u: 1, t: ['Bug'] }],
    [
      'Demande de remboursement — commande nº 58213',
      { u: 1, t: ['Billing'], n: 'Customer writes in French; Élodie can reply.' },
    ],
    ['【至急】請求書の宛名変更のお願い', { u: 1, t: ['Billing'] }],
    ['Feature request: dark mode for the mobile app 🌙', { t: ['Feature request'] }],
    [
      'Fwd: Fwd: Re: Question about the API rate limits on the Pro plan and whether they apply per key or per workspace, plus a follow-up about webhooks and retries',
      { u: 1, t: ['Question'] },
    ],
    [
      'Export to CSV drops rows with non-ASCII names (Müller, Zoë, 王伟)',
      { t: ['Bug'], a: 's', s: 'Reproduce with the attached file' },
    ],
    ['Where do I change my billing address?', { t: ['Question'] }],
    ['Your app saved our Monday 🙌 thank you!', { t: ['Praise'] }],
    ['Urgent: production sync stuck since 03:00 UTC', { u: 1, t: ['Urgent', 'Bug'], a: 'o', d: 0 }],
    ['Accessibility: screen reader skips the card titles', { t: ['Bug'] }],
  ],
  'In progress': [
    [
      'Re: SSO setup with Okta — SAML assertion rejected',
      {
        t: ['Bug'],
        a: 'o',
        d: 2,
        n: 'Clock skew on their IdP? Asked for a HAR file.',
        s: 'Check SAML clock skew tolerance',
      },
    ],
    [
      'Team seats: upgrade from 5 to 12 mid-cycle',
      { t: ['Billing'], a: 's', c: 'Prorate from the 14th, confirmed with finance.' },
    ],
    [
      'Attachments over 20 MB fail silently',
      { t: ['Bug'], a: 'os', d: 3, s: 'Add an error message for oversized uploads' },
    ],
    [
      'Migrating 40k emails from our old helpdesk',
      { t: ['Question'], a: 'o', n: 'Import in batches of 5k over the weekend.' },
    ],
    ['Re: Re: Calendar invites show the wrong time zone (São Paulo)', { t: ['Bug'], a: 's' }],
    ['GDPR data export request — ticket 7731', { t: ['Urgent'], a: 'o', d: 5, s: 'Send export link within 30 days' }],
    ['Bulk archive is greyed out for shared inboxes', { t: ['Bug'], a: 's' }],
    ['Onboarding call follow-up: template library', { a: 'o', c: 'Sent them the three templates from the call.' }],
  ],
  'Waiting on customer': [
    [
      'Re: Need a W-9 for vendor onboarding',
      { t: ['Billing'], a: 'o', c: 'Sent the form, waiting for their PO number.' },
    ],
    ['Logs requested: desktop app crashes on launch (macOS 15)', { t: ['Bug'], a: 's', d: 4 }],
    ['Confirm the new SPF/DKIM records propagated?', { t: ['Question'], a: 'o' }],
    ['Re: Trial extension for the Nordics team ❄️', { t: ['Sales'], a: 's' }],
    ['Which plan includes audit logs?', { t: ['Question'] }],
    ['Re: Refund processed — please confirm you received it', { t: ['Billing'], a: 'o' }],
    ['Screenshot needed: the “Send later” button is missing', { t: ['Bug'], a: 's' }],
  ],
  Done: [
    ['Password reset emails landing in spam', { t: ['Bug'], a: 's', n: 'Fixed by the DKIM rotation on Feb 20.' }],
    ['Change the account owner to finance@northwind.example', { a: 'o' }],
    ['Thanks for the quick fix on the Outlook plugin!', { t: ['Praise'] }],
    ['Invoice in EUR instead of USD', { t: ['Billing'], a: 'o' }],
    ['How do I add a teammate to a shared inbox?', { t: ['Question'] }],
    ['Delete my old workspace “Acme Test”', { a: 's' }],
    ['Re: Keyboard shortcuts cheat sheet 📎', { t: ['Question'] }],
  ],
};

const SALES: Record<string, CardSpec[]> = {
  Leads: [
    ['Inbound: 200-seat shared inbox for a logistics company', { u: 1, t: ['Enterprise'], a: 'o', d: 2 }],
    ['Pricing question from Zürich Versicherungs AG', { u: 1, t: ['Enterprise'] }],
    ['Startup program application — Kōbō Labs', { t: ['SMB'] }],
    ['Re: Webinar follow-up — “Inbox zero for support teams”', { u: 1, t: ['SMB'] }],
    ['Referral from Northwind: their sister company wants a demo', { t: ['Referral'], a: 's' }],
    ['¿Tienen facturación en pesos mexicanos?', { u: 1, t: ['SMB'] }],
    [
      'Intro: Head of CX at a 3,000-person retailer, looking to replace their helpdesk before peak season, wants to understand migration effort and SSO',
      { t: ['Enterprise'] },
    ],
  ],
  Contacted: [
    [
      'Discovery call booked — Bright Dental Group',
      { t: ['SMB'], a: 's', d: 1, n: 'Five clinics, one shared front-desk inbox.' },
    ],
    ['Re: Security questionnaire (87 questions) 🔐', { t: ['Enterprise'], a: 'o', d: 6, s: 'Fill in sections 4–7' }],
    ['Sent case study to Fjord Outdoor', { t: ['SMB'], a: 's' }],
    ['Nonprofit discount request — Open Food Bank', { t: ['Nonprofit'], a: 'o' }],
    ['Re: 価格表と導入事例について', { t: ['Enterprise'], a: 's' }],
  ],
  'Demo scheduled': [
    [
      'Demo Thu 15:00 CET — Helvetia Logistics',
      { t: ['Enterprise'], a: 'os', d: 3, s: 'Prepare a sandbox with their column names' },
    ],
    ['Demo for the Lisbon office (Portuguese speakers)', { t: ['SMB'], a: 's', d: 4 }],
    [
      'Re: Can we see the API and the terminal client?',
      { t: ['Enterprise'], a: 'o', d: 5, c: 'They live in the terminal; show inboard.' },
    ],
    ['Follow-up demo with their IT team', { t: ['Enterprise'], a: 'o', d: 8 }],
  ],
  Negotiation: [
    [
      'Redlines on the MSA from Contoso legal',
      { t: ['Enterprise'], a: 'o', d: 2, n: 'They want net-60 and a liability cap at 12 months of fees.' },
    ],
    ['Annual vs monthly: 2 months free?', { t: ['SMB'], a: 's' }],
    ['Re: Multi-year pricing for 450 seats 💼', { t: ['Enterprise'], a: 'o', d: 7 }],
    ['Procurement portal registration (Coupa)', { t: ['Enterprise'], a: 's', s: 'Upload insurance certificate' }],
  ],
  Won: [
    ['Signed! Bright Dental Group — 25 seats 🎉', { t: ['SMB'], a: 's' }],
    ['Closed: Fjord Outdoor annual plan', { t: ['SMB'], a: 's' }],
    ['Renewal signed — Northwind Traders', { t: ['Referral'], a: 'o' }],
  ],
};

const TAGS: Record<string, [string, number][]> = {
  'Support Inbox': [
    ['Urgent', 1],
    ['Bug', 2],
    ['Billing', 3],
    ['Question', 6],
    ['Feature request', 8],
    ['Praise', 4],
    ['Sales', 5],
  ],
  'Sales Pipeline': [
    ['Enterprise', 7],
    ['SMB', 5],
    ['Referral', 9],
    ['Nonprofit', 4],
  ],
};

const FOLLOWUP_CSS = 'font-family:sans-serif;line-height:1.5';
const SEQUENCES: { name: string; steps: [subject: string, html: string, days: number][] }[] = [
  {
    name: 'Trial onboarding',
    steps: [
      [
        'Welcome to the team inbox, {{firstName}}',
        `<div style="${FOLLOWUP_CSS}"><p>Hi {{firstName}},</p><p>Your shared inbox is ready. Start by inviting two teammates.</p></div>`,
        0,
      ],
      [
        '{{firstName}}, three shortcuts that save an hour a week',
        `<div style="${FOLLOWUP_CSS}"><p>Hi {{firstName}},</p><ul><li><b>j/k</b> to walk cards</li><li><b>Shift+→</b> to move</li><li><b>c</b> to comment</li></ul></div>`,
        2,
      ],
      [
        'How is the trial going?',
        `<div style="${FOLLOWUP_CSS}"><p>Hi {{firstName}}, your trial ends in two days. Reply to this email with any question.</p></div>`,
        5,
      ],
    ],
  },
  {
    name: 'Demo no-show follow-up',
    steps: [
      [
        'Sorry we missed you, {{firstName}}',
        `<p>Hi {{firstName}},</p><p>Here is a link to pick another time: <a href="https://example.com/book">book a slot</a>.</p>`,
        1,
      ],
      [
        'A 4-minute recording instead?',
        `<p>Hi {{firstName}}, if a call is hard to fit in, this <a href="https://example.com/demo">recorded demo</a> covers the basics.</p>`,
        3,
      ],
      [
        'Should I close your file?',
        `<p>Hi {{firstName}}, I haven’t heard back, so I’ll assume the timing isn’t right. Just reply “later” and I’ll check in next quarter.</p>`,
        7,
      ],
      ['Last note from me', `<p>Thanks {{firstName}} — all the best with the inbox.</p>`, 14],
    ],
  },
];

/** Fills an empty database; returns false (and writes nothing) if it has boards. */
export function seedDemo(db: DB, ownerId: number): boolean {
  return db
    .transaction(() => {
      if (db.prepare('SELECT 1 FROM boards LIMIT 1').get() !== undefined) return false;
      const owner = db.prepare('SELECT email FROM users WHERE id = ?').pluck().get(ownerId) as string;
      ensureUser(db, { email: DEMO_TEAMMATE, name: 'Sam Rivera', plan: 'pro' });
      const teammateId = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(DEMO_TEAMMATE) as number;
      const who = { o: [owner], s: [DEMO_TEAMMATE], os: [owner, DEMO_TEAMMATE] };
      let minutes = 0;
      const board = (name: string, columns: Record<string, CardSpec[]>) => {
        const boardId = Number(
          db
            .prepare('INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?)')
            .run(name, ownerId, iso(90 * 1440)).lastInsertRowid,
        );
        db.prepare('INSERT INTO board_members (board_id, email) VALUES (?, ?)').run(boardId, DEMO_TEAMMATE);
        const tagIds = new Map<string, number>();
        for (const [tag, color] of TAGS[name] ?? []) {
          const id = db
            .prepare('INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (?, ?, ?, ?, ?)')
            .run(boardId, tag, color, ownerId, iso(80 * 1440)).lastInsertRowid;
          tagIds.set(tag, Number(id));
        }
        Object.entries(columns).forEach(([colName, cards], colIndex) => {
          const colId = Number(
            db
              .prepare('INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?)')
              .run(boardId, colName, colIndex).lastInsertRowid,
          );
          cards.forEach(([title, s = {}], i) => {
            minutes += 47;
            const author = i % 3 === 2 ? teammateId : ownerId;
            const threadOwner = author === ownerId ? owner : DEMO_TEAMMATE;
            const cardId = Number(
              db
                .prepare(
                  `INSERT INTO cards (board_id, column_id, title, read_status, due_date, thread_owner_email, status, position, created_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
                )
                .run(
                  boardId,
                  colId,
                  title,
                  s.u ? 0 : 1,
                  s.d === undefined ? null : day(s.d),
                  threadOwner,
                  colName === 'Done' || colName === 'Won' ? '1' : '0',
                  i * GAP,
                  iso(minutes),
                ).lastInsertRowid,
            );
            for (const t of s.t ?? [])
              db.prepare('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)').run(cardId, tagIds.get(t));
            for (const email of s.a ? who[s.a] : [])
              db.prepare('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)').run(cardId, email);
            const extra = (table: string, body: string | undefined, user: number) =>
              body &&
              db
                .prepare(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`)
                .run(cardId, user, body, iso(minutes - 20));
            extra('notes', s.n, ownerId);
            extra('comments', s.c, teammateId);
            extra('subtasks', s.s, author);
          });
        });
      };
      board('Support Inbox', SUPPORT);
      board('Sales Pipeline', SALES);
      // Two threads archived last week, so `A` (the archived-cards extension) has something to show.
      const done = db
        .prepare(
          `SELECT c.id AS col, c.board_id AS board FROM columns c JOIN boards b ON b.id = c.board_id
           WHERE b.name = 'Support Inbox' AND c.name = 'Done'`,
        )
        .get() as { col: number; board: number };
      ARCHIVED.forEach(([title, daysAgo], i) =>
        db
          .prepare(
            `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, status, archived, archived_at, position, created_at)
             VALUES (?, ?, ?, 1, ?, '1', 1, ?, ?, ?)`,
          )
          .run(done.board, done.col, title, owner, iso(daysAgo * 1440), -(i + 1) * GAP, iso((daysAgo + 3) * 1440)),
      );
      SEQUENCES.forEach((seq, k) => {
        const id = db
          .prepare('INSERT INTO sequences (user_id, name, created_at) VALUES (?, ?, ?)')
          .run(ownerId, seq.name, iso((30 - k) * 1440)).lastInsertRowid;
        seq.steps.forEach(([subject, html, days], i) =>
          db
            .prepare(
              'INSERT INTO followups (sequence_id, seq, subject, content, days, duration, view_count, last_sent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .run(
              id,
              i + 1,
              subject,
              html,
              days,
              'days',
              k === 0 ? 40 - i * 9 : 0,
              k === 0 ? iso(1440 * (i + 1)) : null,
            ),
        );
      });
      return true;
    })
    .immediate();
}
