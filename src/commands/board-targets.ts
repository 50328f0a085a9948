/**
 * `inboard board sla BOARD …`: a board's response targets (the owner's, on
 * the local service). The first response target runs from a customer's first
 * message until the team's first reply; the next response target from each
 * later unanswered message. With business hours the clock stops outside them.
 */
import { checkTimeZone, parseBusinessHours } from '../text/business-hours.js';
import { parseDuration } from '../text/duration.js';
import { targetsWords } from '../text/response-targets.js';
import { COMMON_HELP, parse, positionals, UsageError } from './args.js';
import { emit, one } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const SLA_HELP = `Usage: inboard board sla BOARD [options]                 (shows the targets)
       inboard board sla BOARD --first-response 4h [--next-response 8h]
                               [--hours "Mon-Fri 09:00-17:00" --zone Europe/Berlin] [options]
       inboard board sla BOARD --clear [options]

A board's response targets: how long a customer may wait for the team's
first answer (--first-response) and for each later one (--next-response).
Rows show the time left or how far past; the board's header counts the
late cards. Only the board's owner may set them.

Lengths: 45m, 4h, 1h30m, 2d. --hours: the business hours the clock runs in
("Mon-Fri 09:00-17:00", "Mon-Thu 9-17, Fri 9-15"), in --zone (an IANA zone:
Europe/Berlin, America/New_York; default UTC). Without --hours the clock
runs around the clock.

Examples
  inboard board sla support --first-response 4h --next-response 8h
  inboard board sla support --first-response 1h --hours "Mon-Fri 09:00-17:00" --zone Europe/Berlin
  inboard board sla support --clear

--json: {"BoardId": 1, "FirstResponseSeconds": 14400, "NextResponseSeconds": 28800,
         "Hours": "Mon-Fri 09:00-17:00", "Zone": "Europe/Berlin"} (null: none)

${COMMON_HELP}`;

function seconds(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const read = parseDuration(v);
  if (!read.ok) throw new UsageError(`${flag}: ${read.error}`);
  return read.seconds;
}

export async function boardTargets(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    'first-response': { type: 'string' },
    'next-response': { type: 'string' },
    hours: { type: 'string' },
    zone: { type: 'string' },
    clear: { type: 'boolean' },
  });
  if (helpRequested(values, SLA_HELP)) return 0;
  const [ref = ''] = positionals(rest, ['BOARD']);
  const first = seconds('--first-response', values['first-response']);
  const next = seconds('--next-response', values['next-response']);
  const setting = first !== undefined || next !== undefined;
  if (values.clear === true && (setting || values.hours !== undefined || values.zone !== undefined))
    throw new UsageError('--clear goes alone');
  if (!setting && (values.hours !== undefined || values.zone !== undefined))
    throw new UsageError('--hours and --zone go with --first-response or --next-response');
  if (values.hours !== undefined) {
    const h = parseBusinessHours(values.hours);
    if (!h.ok) throw new UsageError(`--hours: ${h.error}`);
  }
  if (values.zone !== undefined) {
    const z = checkTimeZone(values.zone);
    if (!z.ok) throw new UsageError(`--zone: ${z.error}`);
  }
  return withClient(values, async (client) => {
    const b = await resolveBoard(client, ref);
    const targets =
      values.clear === true
        ? await client.clearBoardTargets(b.Id)
        : setting
          ? await client.setBoardTargets(b.Id, {
              FirstResponseSeconds: first ?? null,
              NextResponseSeconds: next ?? null,
              Hours: values.hours ?? null,
              ...(values.zone !== undefined ? { Zone: values.zone } : {}),
            })
          : await client.getBoardTargets(b.Id);
    emit(values.json === true, targets, () => `Board ${b.Id} ${one(b.Name)}: ${targetsWords(targets)}\n`);
    return 0;
  });
}
