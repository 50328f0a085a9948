/**
 * `inboard notifications [--unread] [--json] [--follow]` and
 * `inboard notifications read ID|--all`: the key's member's notifications
 * (a local-service extension).
 */
import type { Client } from '../../api/types.js';
import type { Notification } from '../../api/schema-notifications.js';
import { localDateTime } from '../../text/due-words.js';
import { notificationCard, notificationWhat } from '../../text/notification-words.js';
import { sanitize } from '../../text/sanitize.js';
import { COMMON_HELP, parse, positionals, UsageError } from '../args.js';
import { emit, one, table, toJson } from '../output.js';
import { helpRequested, withClient } from '../session.js';

export const NOTIFICATIONS_HELP = `Usage: inboard notifications [--unread] [--limit N] [--all] [--follow] [options]
       inboard notifications read ID|--all

Lists your notifications, newest first: who, what, the card and when. You
are told when someone mentions you (@you in a comment), assigns you a card,
when the customer writes again on a card assigned to you, when one of yours
is past its response target, and when a reply of yours was not sent. A card
since archived, or on a board you no longer see, is shown without its
content. The local service keeps them; another server may not (the error
says so).

Options
  --unread          only those not read yet
  --limit N         how many (default 50, at most 200)
  --all             follow the pages to the oldest
  --follow          then keep printing new ones as they come, until Ctrl+C
  read ID           mark notification ID read
  read --all        mark them all read

Examples
  inboard notifications --unread
  inboard notifications --follow --json | jq -r .CardId

--json: {"Unread": 3, "Items": [{"Id": "7", "Kind": "mentioned", "At": "…",
  "By": "ana@x", "Read": false, "BoardId": 1, "CardId": "42",
  "CardTitle": "Refund", "BoardName": "Support", "Words": "@sam can you…",
  "Hidden": null}], "Next": "6"}; with --follow, then one notification per line.
  Kind: mentioned, assigned, answered, overdue, reply-failed.
  Hidden: why the card's content is left out (else null).

${COMMON_HELP}`;

const rowOf = (n: Notification): string[] => {
  const at = Date.parse(n.At);
  return [
    n.Read ? ' ' : '•',
    n.Id,
    Number.isNaN(at) ? n.At : localDateTime(new Date(at)),
    notificationWhat(n),
    notificationCard(n),
    n.Words === null ? '' : sanitize(n.Words.replace(/\s+/g, ' ')),
  ];
};

const COLUMNS = [
  { header: '' },
  { header: 'ID', right: true },
  { header: 'WHEN' },
  { header: 'WHAT', max: 40 },
  { header: 'CARD', max: 50 },
  { header: 'SAYS', max: 60 },
];

export async function notifications(argv: string[]): Promise<number> {
  if (argv[0] === 'read') return read(argv.slice(1));
  const { values, positionals: rest } = parse(argv, {
    unread: { type: 'boolean' },
    limit: { type: 'string' },
    all: { type: 'boolean' },
    follow: { type: 'boolean' },
  });
  if (helpRequested(values, NOTIFICATIONS_HELP)) return 0;
  positionals(rest, []);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!/^\d{1,3}$/.test(values.limit ?? '50') || limit < 1 || limit > 200)
    throw new UsageError(`--limit must be a whole number from 1 to 200, got '${values.limit ?? ''}'`);
  const json = values.json === true;
  return withClient(values, async (client) => {
    const unread = values.unread === true;
    const first = await client.listNotifications({ unread, limit });
    const items = [...first.Items];
    for (let next = first.Next; values.all === true && next !== null;) {
      const page = await client.listNotifications({ unread, limit, before: next });
      items.push(...page.Items);
      next = page.Next;
    }
    emit(json, { ...first, Items: items, Next: values.all === true ? null : first.Next }, () => {
      const heading = `${first.Unread} unread\n`;
      return items.length === 0 ? heading : `${heading}\n${table(COLUMNS, items.map(rowOf))}`;
    });
    if (values.follow === true) await follow(client, json, unread, Number(items[0]?.Id ?? 0));
    return 0;
  });
}

/** New notifications as the member's event stream tells of them, until Ctrl+C. */
async function follow(client: Client, json: boolean, unread: boolean, newest: number): Promise<void> {
  const stop = new AbortController();
  const quit = () => stop.abort();
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
  let seen = newest;
  let reading: Promise<void> = Promise.resolve();
  const readNew = async () => {
    const page = await client.listNotifications({ unread, limit: 200 }, { signal: stop.signal });
    const fresh = page.Items.filter((n) => Number(n.Id) > seen).reverse();
    for (const n of fresh) {
      seen = Math.max(seen, Number(n.Id));
      process.stdout.write(
        json ? `${toJson(n).replace(/\n\s*/g, ' ')}\n` : `${table(COLUMNS, [rowOf(n)]).split('\n')[1] ?? ''}\n`,
      );
    }
  };
  try {
    await client.subscribeEvents(
      null,
      (e) => {
        // Opened (again): what came meanwhile is read too, as is everything after a `reload`.
        if (e.type !== 'change' || e.Kind === 'notification') reading = reading.then(readNew).catch(() => undefined);
      },
      stop.signal,
    );
  } finally {
    process.off('SIGINT', quit);
    process.off('SIGTERM', quit);
    await reading;
  }
}

async function read(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { all: { type: 'boolean' } });
  if (helpRequested(values, NOTIFICATIONS_HELP)) return 0;
  const [id] = positionals(rest, [], ['ID']);
  if ((id === undefined) === (values.all !== true)) throw new UsageError('give a notification ID or --all, not both');
  if (id !== undefined && !/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`'${id}' is not a notification id`);
  return withClient(values, async (client) => {
    const r = id === undefined ? await client.readAllNotifications() : await client.readNotification(id);
    emit(values.json === true, r, () =>
      id === undefined
        ? `Marked ${r.Marked} read\n`
        : `${r.Marked === 0 ? `Notification ${one(id)} was read already` : `Marked ${one(id)} read`}; ${r.Unread} unread\n`,
    );
    return 0;
  });
}
