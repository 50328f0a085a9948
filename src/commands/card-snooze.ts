/**
 * `inboard card snooze|unsnooze`: a card out of its column until a time
 * and/or until the customer answers (a local-service extension; another
 * server's "… is not offered by this server" is what the user reads).
 */
import { isUnreadable, type CardRow } from '../api/read-model.js';
import { localDateTime } from '../text/due-words.js';
import { sanitize } from '../text/sanitize.js';
import { parseSnoozeUntil } from '../text/snooze-until.js';
import { cardId, COMMON_HELP, parse, positionals, UsageError } from './args.js';
import { emit, one } from './output.js';
import { helpRequested, withClient } from './session.js';

export const SNOOZE_ACTIONS: ReadonlySet<string> = new Set(['snooze', 'unsnooze']);

const SNOOZE_HELP = `Usage: inboard card snooze ID --until WHEN [options]
       inboard card snooze ID --until-reply [--until WHEN] [options]

Takes card ID off its column until WHEN, or until the customer answers its
email, or whichever comes first when both are given. It comes back on top
of its column, unread, marked "back from snooze". \`inboard snoozed\` lists
a board's snoozed cards; \`inboard card unsnooze ID\` brings one back now.

WHEN is an ISO 8601 time (2026-12-01T09:00:00Z) or words as the board's D
key reads them, in your local time zone: "tomorrow 9", fri, +3d, "in 2 hours",
"mon 9am". A day without a time ends the snooze at 09:00 that day.

Examples
  inboard card snooze 42 --until fri
  inboard card snooze 42 --until-reply --until +7d

--json: the card as \`inboard cards\` lists it, with "Snoozed":
  {"Until": "2026-12-04T08:00:00.000Z", "UntilReply": false, "By": "you@x"}

${COMMON_HELP}`;

const UNSNOOZE_HELP = `Usage: inboard card unsnooze ID [options]

Brings snoozed card ID back to its column now, where it was.

--json: the card as \`inboard cards\` lists it ("Snoozed": null)

${COMMON_HELP}`;

export function snoozeAction(action: string, argv: string[]): Promise<number> {
  return action === 'snooze' ? snoozeCard(argv) : unsnoozeCard(argv);
}

async function snoozeCard(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { until: { type: 'string' }, 'until-reply': { type: 'boolean' } });
  if (helpRequested(values, SNOOZE_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const untilReply = values['until-reply'] === true;
  if (values.until === undefined && !untilReply)
    throw new UsageError('say until when: --until WHEN, --until-reply, or both');
  let until: string | null = null;
  if (values.until !== undefined) {
    const read = parseSnoozeUntil(values.until, new Date());
    if (!read.ok) throw new UsageError(`--until: ${read.error}`);
    until = new Date(read.ms).toISOString();
  }
  return withClient(values, async (client) => {
    const card = await client.snoozeCard(id, { Until: until, ...(untilReply ? { UntilReply: true } : {}) });
    emit(values.json === true, card, () => `Card ${one(id)} snoozed ${snoozeWords(card)}\n`);
    return 0;
  });
}

async function unsnoozeCard(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, UNSNOOZE_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const card = await client.unsnoozeCard(id);
    emit(values.json === true, card, () => `Card ${one(id)} is back on its column\n`);
    return 0;
  });
}

/** "until Fri 4 Dec 09:00 or the customer answers", from what the server says of the snooze. */
export function snoozeWords(card: CardRow): string {
  const s = isUnreadable(card) ? undefined : card.Snoozed;
  if (s === undefined || s === null) return '';
  const parts: string[] = [];
  if (s.Until !== null) parts.push(`until ${localDateTime(new Date(s.Until))}`);
  if (s.UntilReply) parts.push(s.Until === null ? 'until the customer answers' : 'or the customer answers');
  return sanitize(parts.join(' '));
}
