/**
 * `@`: the board's people (owner and users) with a ✓ on the assigned ones
 * (a - on those only some of the selected cards have). Space marks, Enter
 * applies — one request per card (PUT /v2/card/:id with the whole list),
 * one step for `u`; before any Space, Enter adds or removes the highlighted
 * one alone. "Type an email" adds anyone, "Clear all" unassigns.
 */
import type { CardId } from '../../api/read-model.js';
import { normaliseAssignees } from '../../api/normalise.js';
import { sanitize } from '../../text/sanitize.js';
import type { PickItem } from '../prompts/types.js';
import { ask, showPicker, type Flow } from './flow.js';
import { names, onCards, refreshDetail, sameSet, sendAll, startMarks, withMarks } from './marks.js';

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

/** Each card's new list (null: clear), one request per card that changes; `said` once all are taken. */
function setEach(f: Flow, cardIds: readonly CardId[], next: (own: string[]) => string[] | null, said: string) {
  const changes = cardIds
    .map((id) => ({ id, own: assigned(f, id) }))
    .map((c) => ({ ...c, to: next(c.own) }))
    .filter((c) => !sameSet(c.own, c.to ?? []));
  if (changes.length === 0) return f.notify('No change');
  const byId = new Map(changes.map((c) => [c.id, c.to]));
  const ids = changes.map((c) => c.id);
  sendAll(f, ids, `assignees of ${ids.length} cards`, (id) => [
    f.store.getState().setAssignees(id, byId.get(id) ?? null),
  ]).then(
    () => {
      f.notify(`${said}${onCards(ids.length)}`);
      refreshDetail(f, ids);
    },
    () => undefined, // rolled back; the status bar has the server's words
  );
}

export function assignees(f: Flow, cardIds: readonly CardId[]): void {
  const lists = (): string[][] => cardIds.map((id) => assigned(f, id));
  // The people come from the boards list, which may still be loading.
  const items = (): PickItem[] => [
    ...normaliseAssignees([...boardPeople(f), ...lists().flat()]).map((p) => ({ value: p, label: sanitize(p) })),
    { value: TYPE, label: '+ Type an email…', dim: true, action: true },
    { value: CLEAR, label: '  Clear all', dim: true, action: true },
  ];
  const of = cardIds.length === 1 ? 'Assignees' : `Assignees of ${cardIds.length} cards`;
  const key = showPicker(
    f,
    (s) => s.boards.loading,
    () => ({
      kind: 'pick',
      scope: 'multi-pick',
      title: `${of} — Enter adds or removes · Space marks several`,
      items: items(),
      help: 'Space mark · Enter apply · Esc close',
      marks: {
        ...startMarks(lists()),
        onApply: (on, off) => {
          f.overlays.close(key);
          const added = on.filter((p) => lists().some((l) => !l.includes(p)));
          const removed = off.filter((p) => lists().some((l) => l.includes(p)));
          const said = [
            added.length > 0 ? `Assigned ${sanitize(names(added))}` : '',
            removed.length > 0 ? `${added.length > 0 ? 'unassigned' : 'Unassigned'} ${sanitize(names(removed))}` : '',
          ]
            .filter((t) => t !== '')
            .join('; ');
          setEach(f, cardIds, (own) => withMarks(own, on, off), said);
        },
      },
      onCancel: () => f.overlays.close(key),
      onPick: (value) => {
        if (value === TYPE) {
          return ask(f, {
            title: 'Assign — email',
            optimistic: true,
            run: (email) =>
              sendAll(f, cardIds, `assignees of ${cardIds.length} cards`, (id) => [
                f.store.getState().setAssignees(id, [...assigned(f, id), email.trim()]),
              ]),
            done: 'Assigned',
          });
        }
        if (value !== CLEAR) return;
        f.overlays.close(key);
        setEach(f, cardIds, () => null, 'Unassigned everyone');
      },
    }),
  );
}
