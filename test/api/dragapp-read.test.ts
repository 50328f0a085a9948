/** Reading DragApp's v1.18 shapes, and a thread's summary wherever a server sends one. */
import { describe, expect, it } from 'vitest';
import {
  decodeTitle,
  dueToIso,
  entityTypeOfId,
  isoToDue,
  readColumnItems,
  readTeamBoards,
  stripColumnPrefix,
} from '../../src/api/dragapp/read.js';
import { readCard } from '../../src/api/tolerant-cards.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('DragApp shapes', () => {
  it('strips only the service prefix from a column name', () => {
    expect(stripColumnPrefix('Drag-1#To Do')).toBe('To Do');
    expect(stripColumnPrefix('Dteamboard-12-3#Doing')).toBe('Doing');
    expect(stripColumnPrefix('Sprint #3')).toBe('Sprint #3');
  });

  it('decodes a base64 title only when it decodes to clean text', () => {
    expect(decodeTitle(b64('Call ACME ✓'))).toBe('Call ACME ✓');
    for (const word of ['Test', 'Sale', 'abcd', 'Call the courier', '']) expect(decodeTitle(word)).toBe(word);
  });

  it('reads due dates as UTC and writes the one format SaveDueDate takes', () => {
    expect(dueToIso('2026-03-01 09:00:00')).toBe('2026-03-01T09:00:00.000Z');
    expect(dueToIso({ date: '2026-03-01 09:00:00' })).toBe('2026-03-01T09:00:00.000Z');
    expect(dueToIso(null)).toBeNull();
    expect(isoToDue('2026-12-01T17:00:00+01:00')).toBe('2026-12-01 16:00:00');
    expect(isoToDue('soon')).toBeUndefined();
  });

  it('orders a column by its items\u2019 order, not by their keys (numeric keys come back sorted)', () => {
    const items = readColumnItems(
      {
        Response: {
          Label_1: {
            '7': { taskId: 7, entityType: 0, taskName: b64('Second'), order: 1 },
            '5': { taskId: 5, entityType: 0, dragTaskName: 'Third', order: 2 },
            ab12: { id: 'ab12', threadId: 'ab12', entityType: 1, msgSubject: 'First', order: 0 },
          },
        },
      },
      'Label_1',
    );
    expect(items?.map((i) => [i.entityType, 'TaskName' in i.row ? i.row.TaskName : null])).toEqual([
      ['0', 'First'],
      ['1', 'Second'],
      ['1', 'Third'],
    ]);
    expect(readColumnItems({ Response: [] }, 'Label_1')).toBeUndefined();
  });

  it('knows the boards answer by its shape, and nothing else', () => {
    expect(readTeamBoards({ data: [] })).toBeUndefined();
    const team = readTeamBoards({
      MainBoard: { BoardId: 4, BoardName: 'Ops', BoardOwnerEmail: 'o@x.io', ContributorEmails: 'a@x.io,b@x.io' },
      SecondaryBoards: [],
      ColumnsByBoard: { '4': [{ labelId: 'Label_9', labelName: 'Drag-1#Inbox', userRole: '1' }] },
    });
    expect(team?.boards).toEqual([
      { Id: 4, Name: 'Ops', Owner: 'o@x.io', Users: ['a@x.io', 'b@x.io'], IntegrationType: null },
    ]);
    expect(team?.columns.get(4)).toEqual([{ labelId: 'Label_9', name: 'Inbox' }]);
  });

  it("tells tasks, threads and WhatsApp cards apart by the id's form", () => {
    expect(entityTypeOfId('101')).toBe('1');
    expect(entityTypeOfId('18c2f3a9b4d5e6f7')).toBe('0');
    expect(entityTypeOfId('wamid-4915112345678-7-1')).toBe('3');
  });
});

describe("a thread's sender and preview on any server that sends them", () => {
  it('from threadInfoJson as an object or as JSON text', () => {
    const info = { msgFrom: 'Jane Doe <jane@example.com>', messages: 'Hi there' };
    expect(readCard({ Id: '1', TaskName: 'T', threadInfoJson: info })).toMatchObject({
      Sender: 'Jane Doe <jane@example.com>',
      Snippet: 'Hi there',
    });
    expect(readCard({ Id: '1', TaskName: 'T', threadInfoJson: JSON.stringify(info) })).toMatchObject({
      Sender: 'Jane Doe <jane@example.com>',
    });
    expect(readCard({ Id: '1', TaskName: 'T' })).not.toHaveProperty('Sender');
  });
});
