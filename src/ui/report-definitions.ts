/**
 * What each figure of the report means, as `?` on the report shows it
 * (docs/reports.md says the same at length). Each can be worked out by hand
 * from `inboard card thread`.
 */
export const REPORT_DEFINITIONS: readonly [figure: string, meaning: string][] = [
  [
    'Times',
    'In business time when the board has business hours (only time inside them counts, in the board’s zone), else in clock time; the report says which. JSON and CSV give seconds.',
  ],
  [
    'A message’s time',
    'Its date, never later than it arrived, and never before its card was made. Automatic mail (out-of-office, bounces) is never a customer message.',
  ],
  [
    'New conversations',
    'Cards whose first customer message falls on that day (the board’s zone; UTC when it names none).',
  ],
  ['Customer messages, replies', 'Customer messages and the team’s replies dated that day.'],
  [
    'Response cycle',
    'Starts at a customer message the team has not answered, ends at the team’s next reply. A card resolved first closes it without a reply; the customer writing after a resolution opens a new one (reopened).',
  ],
  [
    'First response',
    'A cycle while the team has never replied on the card; later responses are the cycles after. Median: the middle value; p90: 90% took no longer. Cycles begun in the period, answered by now.',
  ],
  [
    'Resolution',
    'From the first customer message since the last resolution to the card’s archiving — or, for a card resting in the board’s last column with the team’s reply last, to that reply.',
  ],
  [
    'Within target',
    'Cycles answered within the board’s first or next response target, of those answered or already past due.',
  ],
  [
    'Now',
    'Per column: cards open (not archived or snoozed), waiting for the team’s answer, late (past the target) and snoozed.',
  ],
  ['Heatmap', 'Customer messages by weekday and hour in the board’s zone; the darker, the busier.'],
  [
    'Who',
    'Per assignee, tag or mailbox: conversations with a customer message or reply in the period, replies on them, their median first response. A card counts once in each of its groups.',
  ],
];
