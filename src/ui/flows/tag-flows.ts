/**
 * `t`: the board's tags, each as a coloured ■ plus its colour's name and a ✓
 * when the card has it. Enter applies or removes; the last rows create a
 * tag (name, then colour) or open the tag manager (`T`: Enter shows the
 * board's cards with the tag, n new, d deletes a board tag).
 */
import type { CardId } from '../../api/tolerant.js';
import { normaliseTagColor, TAG_HEX } from '../../api/normalise.js';
import { TAG_COLORS } from '../../api/schema.js';
import { sanitize } from '../../text/sanitize.js';
import type { PickItem } from '../prompts/types.js';
import { selectPaging, type BoardState } from '../../store/index.js';
import type { DraftId } from '../drafts.js';
import { ask, showPicker, why, type Flow, type Keep } from './flow.js';

const NEW = 'new';
const MANAGE = 'manage';

function tagItems(f: Flow, applied: readonly number[]): PickItem[] {
  return f.store.getState().tags.map((t) => {
    const c = normaliseTagColor(t.Color);
    return {
      value: String(t.Id),
      label: `${applied.includes(t.Id) ? '✓' : ' '} ${sanitize(t.Name)} (${c.name || 'no colour'})`,
      swatch: c.hex,
    };
  });
}

/** Tag ids the card has, as the screen shows them (a detail's list when the card isn't loaded). */
function appliedTo(f: Flow, cardId: CardId): readonly number[] {
  const s = f.store.getState();
  return (
    s.view.cards.get(cardId)?.tagIds ??
    (s.detail?.cardId === cardId ? (s.detail.data?.Tags ?? []).map((t) => t.Id) : [])
  );
}

/** The board's tags may still be on their way (a board just opened): the picker waits for them. */
const tagsLoading = (s: BoardState): boolean => s.tagsLoading;

type Status = { text: string; error?: boolean } | null;

/**
 * When the tags failed to load, an empty list says nothing about the board:
 * the picker says why, in the server's words, and `r` asks again.
 */
function whenFailed(f: Flow, reopen: () => void, help: string): { status: Status; help: string; onRetry?: () => void } {
  const error = f.store.getState().tagsError;
  if (error === null) return { status: null, help };
  return {
    status: { text: `Couldn’t load the tags: ${error}`, error: true },
    help: `r retry · ${help}`,
    onRetry: () => {
      // Loading from here on (set before it asks): the reopened picker waits.
      void f.store.getState().reloadTags();
      reopen();
    },
  };
}

export function tagPicker(f: Flow, cardId: CardId, status: Status = null): void {
  const key = showPicker(f, tagsLoading, () => {
    const failed = whenFailed(f, () => tagPicker(f, cardId), 'Enter pick · Esc close');
    const none = f.store.getState().tags.length === 0 ? { text: 'This board has no tags yet.' } : null;
    // Once the server has said it cannot replace tags, the picker only offers what it can do.
    const addOnly = f.store.getState().offers('setTags') === false;
    return {
      kind: 'pick',
      title: addOnly ? 'Tags — Enter applies (this server cannot remove tags)' : 'Tags — Enter applies or removes',
      items: [
        ...tagItems(f, appliedTo(f, cardId)),
        { value: NEW, label: '+ New tag…', dim: true, action: true },
        { value: MANAGE, label: '  Manage board tags…', dim: true, action: true },
      ],
      ...failed,
      status: status ?? failed.status ?? none,
      onCancel: () => f.overlays.close(key),
      onPick: (value) => {
        if (value === NEW) return newTag(f, cardId);
        if (value === MANAGE) return tagManager(f);
        f.overlays.close(key);
        const id = Number(value);
        const s = f.store.getState();
        const name = sanitize(s.tags.find((t) => t.Id === id)?.Name ?? value);
        const has = appliedTo(f, cardId).includes(id);
        if (has && addOnly) return f.notify(`${name} is already on the card; this server cannot remove tags`);
        const p = has
          ? s.setTags(
              cardId,
              appliedTo(f, cardId).filter((t) => t !== id),
            )
          : s.addTag(cardId, id);
        p.then(
          () => {
            f.notify(has ? `Removed tag ${name}` : `Tagged ${name}`);
            if (f.store.getState().detail?.cardId === cardId) void f.store.getState().openCard(cardId);
          },
          () => undefined, // rolled back; the status bar has the server's words
        );
      },
    };
  });
}

/**
 * Name, then colour; the new tag goes on the card too (and on its detail, if
 * open). Esc at the colour goes back to the name as typed; Esc at the name
 * keeps it as a draft of this board's new tag.
 */
function newTag(f: Flow, cardId: CardId | null, start: { name?: string; error?: string | null } = {}): void {
  const id: DraftId = { kind: 'newTag', board: f.store.getState().boardId, card: null };
  // A refused name reopens as sent; else a kept draft comes back.
  const kept = start.name === undefined ? f.overlays.drafts.get(id)?.fields : undefined;
  let typed = start.name ?? kept?.name ?? '';
  const keep: Keep = { id, label: 'new tag', reopen: 'pick + New tag…', fields: (name) => ({ name }) };
  const askName = (o: { restored?: boolean; error?: string | null } = {}) =>
    ask(f, {
      title: 'New tag — name',
      initial: typed,
      error: o.error ?? null,
      restored: o.restored ?? false,
      draft: keep,
      next: (name) => {
        typed = name;
        pickColour(name.trim());
      },
    });
  const pickColour = (name: string) => {
    let saving = false;
    const key = f.overlays.show({
      kind: 'pick',
      title: `Colour for “${name}”`,
      items: TAG_COLORS.map((c, i) => ({ value: String(i), label: c, swatch: TAG_HEX[c] })),
      // Back to the name; once saving, Esc only closes (the tag is on its way).
      onCancel: () => (saving ? f.overlays.close(key) : askName()),
      onPick: (value) => {
        saving = true;
        f.overlays.update(key, { status: { text: 'saving…' } });
        f.store
          .getState()
          .createTag(name, Number(value))
          .then(async (tagId) => {
            f.overlays.close(key);
            f.overlays.drafts.drop(id);
            if (cardId === null) return tagManager(f);
            await f.store
              .getState()
              .addTag(cardId, tagId)
              .catch(() => undefined);
            f.notify(`Created tag ${sanitize(name)}`);
            // The detail open on the card shows it now, not once reopened.
            if (f.store.getState().detail?.cardId === cardId) await f.store.getState().openCard(cardId);
          })
          .catch((e: unknown) => newTag(f, cardId, { name: typed, error: why(e) }));
      },
    });
  };
  askName({ restored: kept !== undefined, error: start.error ?? null });
}

/**
 * How many cards carry the tag, of those the store has: "4 cards carry it."
 * While a column has pages not loaded yet the count says it is only of those.
 */
function carriers(s: BoardState, tagId: number): string {
  let n = 0;
  for (const card of s.view.cards.values()) if (card.tagIds.includes(tagId)) n++;
  const partial = s.columns.some((c) => {
    const p = selectPaging(c.label)(s);
    return p.pages === 0 || p.hasMore || p.error !== null;
  });
  const count = n === 0 ? 'No card carries it' : n === 1 ? '1 card carries it' : `${n} cards carry it`;
  return partial ? `${count} (of those loaded; the board has more).` : `${count}.`;
}

/**
 * `T`: the board's tags (keymap scope `tags`). The API can't rename a tag,
 * so Enter does what a list of tags is most often opened for: shows only
 * the board's cards carrying it (a board filter in the store, named in the
 * status bar; Esc on the board clears it).
 */
export function tagManager(f: Flow, status: Status = null): void {
  const key = showPicker(f, tagsLoading, () => ({
    kind: 'pick',
    scope: 'tags',
    title: 'Board tags — Enter shows its cards, d deletes, n new',
    items: tagItems(f, []).map((i) => ({ ...i, label: i.label.slice(2) })),
    ...whenFailed(f, () => tagManager(f), 'Enter show its cards · d delete · n new tag · Esc close'),
    ...(status !== null ? { status } : {}),
    onCancel: () => f.overlays.close(key),
    onPick: (value) => {
      f.overlays.close(key);
      f.store.getState().setFilter({ text: '', tagId: Number(value) });
    },
    onAction: (action, value) => {
      if (action === 'tag.new') return newTag(f, null);
      if (action !== 'tag.delete' || value === null) return;
      const tag = f.store.getState().tags.find((t) => String(t.Id) === value);
      if (tag === undefined) return;
      const confirm = f.overlays.show({
        kind: 'confirm',
        question: `Delete tag “${sanitize(tag.Name)}” from the board and every card?`,
        details: [carriers(f.store.getState(), tag.Id)],
        onNo: () => tagManager(f),
        onYes: () => {
          f.overlays.close(confirm);
          f.store
            .getState()
            .deleteTag(tag.Id)
            .then(
              () => tagManager(f, { text: `Deleted ${sanitize(tag.Name)}` }),
              (e: unknown) => {
                // The manager's own line says it, where the user is looking: once, not on the status bar too.
                f.store.getState().clearError();
                tagManager(f, { text: why(e), error: true });
              },
            );
        },
      });
    },
  }));
}
