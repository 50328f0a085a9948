/** `inboard card history ID`: every change of a card with who and when (a local-service extension). */
import type { CardId } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { historyWords } from '../text/history-words.js';
import { localDateTime } from '../text/due-words.js';
import { cardId, COMMON_HELP, parse, positionals } from './args.js';
import { emit, one, table } from './output.js';
import { helpRequested, withClient } from './session.js';

export const HISTORY_ACTIONS: ReadonlySet<string> = new Set(['history']);

const HISTORY_HELP = `Usage: inboard card history ID [options]

Lists every change of card ID, oldest first, with who made it and when:
created (from a mailbox, by mail in or through the API), moved, renamed,
tagged, assigned, due, snoozed and back, archived, restored, replied, and the
customer writing again. Kept as long as the card. The local service keeps
it; another server may not (the error says so).

Examples
  inboard card history 42
  inboard card history 42 --json | jq -r '.[] | "\\(.At) \\(.By) \\(.Kind)"'

--json: a list, oldest first, of
  {"Id": "7", "At": "2026-11-27T12:00:00.000Z", "By": "sam@x", "Kind": "moved",
   "From": "Inbox", "To": "Doing", "Added": [], "Removed": [], "Via": null}
  Kind: created, moved, renamed, tagged, assigned, due, snoozed, woken,
  archived, restored, replied, answered. From/To: the column, title, due
  date or snooze before and after; Added/Removed: tag names or assignees;
  Via (created): mailbox, mail-in or api.

${COMMON_HELP}`;

export async function historyAction(_action: string, argv: string[]): Promise<number> {
  const { values, positionals: pos } = parse(argv, {});
  if (helpRequested(values, HISTORY_HELP)) return 0;
  const [idRaw = ''] = positionals(pos, ['ID']);
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const entries = await client.cardHistory(id);
    emit(values.json === true, entries, () => {
      const heading = `Card ${one(id)}: ${entries.length} change${entries.length === 1 ? '' : 's'}\n`;
      if (entries.length === 0) return heading;
      const rows = entries.map((e) => {
        const at = Date.parse(e.At);
        return [Number.isNaN(at) ? e.At : localDateTime(new Date(at)), e.By, historyWords(e)];
      });
      return `${heading}\n${table([{ header: 'WHEN' }, { header: 'WHO', max: 40 }, { header: 'WHAT', max: 100 }], rows)}`;
    });
    return 0;
  });
}

/**
 * What the board's rules did to the card, for `inboard card ID`: "rule
 * Billing: tagged Billing, assigned sam@…"; '' when none did, or the server
 * keeps no history.
 */
export async function ruleLines(client: Client, id: CardId): Promise<string> {
  let entries;
  try {
    entries = await client.cardHistory(id);
  } catch {
    return '';
  }
  const rules = entries.filter((e) => e.Kind === 'rule');
  if (rules.length === 0) return '';
  return `\nSorted by rules:\n${rules.map((e) => `  ${one(e.By)}: ${one(historyWords(e))}`).join('\n')}\n`;
}
