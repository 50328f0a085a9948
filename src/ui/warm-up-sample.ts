/**
 * The warm-up's sample card (ui/warm-up.tsx): every section and every kind
 * of text the detail meets, its listed fields alone (what an opening without
 * a read ahead shows first), and a thread of a plain and an HTML-only
 * message. No server gives its id.
 */
import type { CardDetail as Detail } from '../api/read-model.js';
import type { ThreadMessage } from '../store/thread.js';

const AN_HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();
/**
 * Text of each kind the detail meets: ASCII, Latin-1 (a one-byte string
 * that is not ASCII), two-byte punctuation, emoji (with a modifier and a
 * ZWJ sequence), CJK, each also alone in a line, as wrap() measures words
 * and Ink measures lines.
 */
const MIXED = 'Café déjà vu — it’s “fine”… 👍🏽 👩‍💻 漢字テスト ☑ ✓';
export const SAMPLE: Detail = {
  ServiceTaskId: 'warm-up',
  TaskName: `Invoice 10482 — refund for the café order 😀 注文`,
  ColumnId: null,
  ReadUnreadStatus: 0,
  ThreadOwnerEmail: 'someone@example.com',
  CreatedAt: AN_HOUR_AGO,
  DueDate: AN_HOUR_AGO,
  Assignees: ['someone@example.com', 'other@example.com'],
  Tags: [
    { Id: 1, Name: 'billing', Color: '3', BoardId: 1 },
    { Id: 2, Name: 'ünïcode 🏷', Color: '#ff8800', BoardId: 1 },
  ],
  Notes: [
    { NoteId: 1, Body: `Plain ASCII words, then a longer one: ${'x'.repeat(150)}`, UserId: 1, CreatedAt: null },
    { NoteId: 2, Body: `naïve façade\n${MIXED}\n—\n😀\n漢字`, UserId: 1, CreatedAt: AN_HOUR_AGO },
  ],
  Comments: [
    { CommentId: 1, UserId: 1, Comment: MIXED, EntityId: '1', CreatedAt: AN_HOUR_AGO, UserEmail: 'a@example.com' },
    { CommentId: 2, UserId: null, Comment: 'Thanks!', EntityId: '1', CreatedAt: null },
  ],
  SubTasks: [
    { SubTaskId: 1, Body: 'Check the refund', Done: true, UserId: 1, CreatedAt: AN_HOUR_AGO },
    { SubTaskId: 2, Body: 'Reply — in English', Done: false, UserId: 1, CreatedAt: null },
  ],
};

export const MESSAGE: ThreadMessage = {
  MessageId: '<warm-up@example.com>',
  Direction: 'in',
  From: 'Ana Lima <ana@example.com>',
  To: ['board@example.com'],
  Cc: [],
  ReplyTo: null,
  Date: AN_HOUR_AGO,
  Subject: 'Refund',
  Text: `Hello, ${MIXED}\n\nOn Tue, 3 Nov 2026 at 10:02, Bo <bo@example.com> wrote:\n> the order\n\n-- \nAna`,
  Html: null,
  Attachments: [],
  InReplyTo: null,
  References: [],
  CreatedAt: AN_HOUR_AGO,
};
/** A thread of the two kinds of message: plain text with a quote and a signature, and HTML only. */
export const THREAD: readonly ThreadMessage[] = [
  MESSAGE,
  {
    ...MESSAGE,
    MessageId: '<warm-up-2@example.com>',
    Text: '',
    Html: `<p>Hi <b>Ana</b>, ${MIXED}</p><p><a href="https://example.com/r">the refund</a></p><table><tr><td>Item</td><td>€12</td></tr></table>`,
  },
];

export const LISTED: Detail = {
  ServiceTaskId: SAMPLE.ServiceTaskId,
  TaskName: SAMPLE.TaskName,
  ColumnId: null,
  ReadUnreadStatus: 0,
  DueDate: SAMPLE.DueDate,
  Assignees: SAMPLE.Assignees,
  ThreadOwnerEmail: SAMPLE.ThreadOwnerEmail,
  CreatedAt: SAMPLE.CreatedAt,
};
