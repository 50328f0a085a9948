/** `inboard sequences [ID]`: email sequences, or one sequence's steps. */
import type { FollowupStep } from '../api/schema.js';
import { COMMON_HELP, intArg, parse, positionals } from './args.js';
import { emit, one, table } from './output.js';
import { helpRequested, withClient } from './session.js';

export const SEQUENCES_HELP = `Usage: inboard sequences [ID] [options]

Without ID: the email sequences (name, first subject, views, last sent).
With ID: that sequence's steps in order, each with its delay and subject.

Examples
  inboard sequences
  inboard sequences 2
  inboard sequences 2 --json | jq '.EmailFollowups[].Subject'

--json without ID: [{"EmailTemplateId": 2, "UserId": 1, "Name": "…", "CreatedAt": "…",
   "Content": "…", "Subject": "…", "EmailFollowupId": 5, "TotalViewCount": 12,
   "LastSent": null, "OwnerName": "…", "OwnerEmail": "…"}, …]
--json with ID: {"Id": "2", "Name": "…", "CreatedAt": "…",
   "EmailFollowups": [{"EmailFollowupId": 5, "Subject": "…", "Content": "…", "Days": 2,
   "Duration": "days", "Hours": 0, "Minutes": 0, "Sequence": 1}, …]}

${COMMON_HELP}`;

/** "2 days 3 h 15 min" — the delay before a step, in the units the server gave. */
export function delay(s: FollowupStep): string {
  const parts = [`${s.Days} ${s.Duration === 'days' ? (s.Days === 1 ? 'day' : 'days') : one(s.Duration)}`];
  if (s.Hours) parts.push(`${s.Hours} h`);
  if (s.Minutes) parts.push(`${s.Minutes} min`);
  return parts.join(' ');
}

export async function sequences(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, SEQUENCES_HELP)) return 0;
  const [idRaw] = positionals(rest, [], ['ID']);
  const id = idRaw === undefined ? undefined : intArg('the sequence ID', idRaw);
  return withClient(values, async (client) => {
    if (id === undefined) {
      const list = await client.listEmailSequences();
      emit(values.json === true, list, () =>
        table(
          [
            { header: 'ID', right: true },
            { header: 'NAME' },
            { header: 'SUBJECT', max: 50 },
            { header: 'VIEWS', right: true },
            { header: 'LAST SENT' },
          ],
          list.map((s) => [s.EmailTemplateId, s.Name, s.Subject, s.TotalViewCount, s.LastSent ?? 'never']),
        ),
      );
      return 0;
    }
    const seq = await client.getEmailSequence(String(id));
    const steps = [...seq.EmailFollowups].sort((a, b) => a.Sequence - b.Sequence);
    emit(
      values.json === true,
      { ...seq, EmailFollowups: steps },
      () =>
        `Sequence ${one(seq.Id)}: ${one(seq.Name)}\n\n` +
        table(
          [{ header: 'STEP', right: true }, { header: 'DELAY' }, { header: 'SUBJECT', max: 70 }],
          steps.map((s) => [s.Sequence, delay(s), s.Subject]),
        ),
    );
    return 0;
  });
}
