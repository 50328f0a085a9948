/** A sequence step's content reads as a thread's HTML does: one converter for both screens. */
import { describe, expect, it } from 'vitest';
import { htmlText } from '../../src/text/html.js';
import { sequenceLines } from '../../src/ui/Sequences.js';

const CONTENT =
  '<h1>Welcome, {{firstName}} &hearts;</h1><table><tr><td>Plan</td><td>Pro</td></tr></table>' +
  '<ul><li>Invite <a href="https://inboard.example/team">your team</a></li></ul><img src="logo.png">';

describe('sequenceLines', () => {
  it('shows a step’s HTML as the thread shows it, sanitised, indented under its subject', () => {
    const lines = sequenceLines(
      {
        Id: 's1',
        Name: 'Trial',
        CreatedAt: '2026-11-01T09:00:00.000Z',
        EmailFollowups: [
          { EmailFollowupId: 1, Subject: 'Hi\u001b[2J', Content: CONTENT, Days: 0, Duration: 'days', Sequence: 1 },
        ],
      },
      100,
    ).map((l) => l.text);
    const body = htmlText(CONTENT)
      .split('\n')
      .map((l) => `  ${l}`.trimEnd());
    expect(lines.map((l) => l.trimEnd())).toEqual(expect.arrayContaining(body));
    expect(lines).toContain('  Welcome, {{firstName}} ♥');
    expect(lines).toContain('  • Invite your team [https://inboard.example/team]');
    expect(lines).toContain('Subject: Hi^[[2J');
    expect(lines.join('\n')).not.toMatch(/[<>]|\u001b/);
  });
});
