/**
 * `@`: the board's people (owner and users) with a ✓ on the assigned ones;
 * Enter adds or removes one, "type an email" adds anyone, "clear" unassigns.
 */
import type { CardId } from '../../api/tolerant.js';
import { normaliseAssignees } from '../../api/normalise.js';
import { sanitize } from '../../text/sanitize.js';
import type { PickItem } from '../prompts/types.js';
import { ask, showPicker, type Flow } from './flow.js';

const TYPE = '\u0000type';
const CLEAR = '\u0000clear';

function assigned(f: Flow, cardId: CardId): string[] {
  const s = f.store.getState();
  const card = s.view.cards.get(cardId);
  if (card !== undefined) return [...(card.assignees ?? [])];
  return s.detail?.cardId === cardId ? normaliseAssignees(s.detail.data?.Assignees) : [];
}

export function boardPeople(f: Flow): string[] {
  const s = f.store.getState();
  const b = s.boards.items.find((x) => x.Id === s.boardId);
  if (b === undefined) return [];
  return normaliseAssignees([b.Owner, ...normaliseAssignees(b.Users)]);
}

export function assignees(f: Flow, cardId: CardId): void {
  const set = (emails: string[] | null, notice: string) => {
    f.store
      .getState()
      .setAssignees(cardId, emails)
      .then(
        () => {
          f.notify(notice);
          if (f.store.getState().detail?.cardId === cardId) void f.store.getState().openCard(cardId);
        },
        () => undefined, // rolled back; the status bar has the server's words
      );
  };
  // The people come from the boards list, which may still be loading.
  const items = (): PickItem[] => {
    const now = assigned(f, cardId);
    return [
      ...normaliseAssignees([...boardPeople(f), ...now]).map((p) => ({
        value: p,
        label: `${now.includes(p) ? '✓' : ' '} ${sanitize(p)}`,
      })),
      { value: TYPE, label: '+ Type an email…', dim: true, action: true },
      { value: CLEAR, label: '  Clear all', dim: true, action: true },
    ];
  };
  const key = showPicker(
    f,
    (s) => s.boards.loading,
    () => ({
      kind: 'pick',
      title: 'Assignees — Enter adds or removes',
      items: items(),
      onCancel: () => f.overlays.close(key),
      onPick: (value) => {
        if (value === TYPE) {
          return ask(f, {
            title: 'Assign — email',
            optimistic: true,
            run: (email) => f.store.getState().setAssignees(cardId, [...assigned(f, cardId), email.trim()]),
            done: 'Assigned',
          });
        }
        f.overlays.close(key);
        if (value === CLEAR) return set(null, 'Unassigned everyone');
        const current = assigned(f, cardId);
        if (current.includes(value))
          set(
            current.filter((p) => p !== value),
            `Unassigned ${sanitize(value)}`,
          );
        else set([...current, value], `Assigned ${sanitize(value)}`);
      },
    }),
  );
}
