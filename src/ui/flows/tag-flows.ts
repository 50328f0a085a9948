/**
 * `t`: the board's tags, each as a coloured ■ plus its colour's name and a ✓
 * when the card has it (a - when only some of the selected cards have it).
 * Space marks, Enter applies (tag-apply.ts); the last rows create a tag
 * (name, then colour) or open the tag manager (`T`: Enter shows the board's
 * cards with the tag, n new, d deletes a board tag).
 */
import type { CardId } from '../../api/read-model.js';
import { normaliseTagColor, TAG_HEX } from '../../api/normalise.js';
import { TAG_COLORS } from '../../api/schema.js';
import { sanitize } from '../../text/sanitize.js';
import type { PickItem } from '../prompts/types.js';
import { ownerOnly, selectPaging, type BoardState } from '../../store/index.js';
import type { DraftId } from '../drafts.js';
import { ask, showPicker, why, type Flow } from './flow.js';
import { type Keep } from './kept-drafts.js';
import { refreshDetail, sendAll, startMarks } from './marks.js';
import { appliedTo, applyTags } from './tag-apply.js';

const NEW = 'new';
const MANAGE = 'manage';

/** The board's tags as items (what the card has is its mark, in a picker of several). */
function tagItems(f: Flow): PickItem[] {
  return f.store.getState().tags.map((t) => {
    const c = normaliseTagColor(t.Color);
    return { value: String(t.Id), label: `${sanitize(t.Name)} (${c.name || 'no colour'})`, swatch: c.hex };
  });
}

/** Why this key can't create a tag on the open board, or null. */
const creating = (f: Flow): string | null => {
  const s = f.store.getState();
  return ownerOnly(s, s.boardId, 'create tags');
};

/** The board's tags may still be on their way (a board just opened): the picker waits for them. */
const tagsLoading = (s: BoardState): boolean => s.tagsLoading;

type Status = { text: string; error?: boolean } | null;

/**
 * When the tags failed to load, an empty list says nothing about the board:
 * the picker says why, in the server's words, and `r` asks again.
 */
function whenFailed(
  f: Flow,
  reopen: () => void,
  help: string,
  failedHelp = help,
): { status: Status; help: string; onRetry?: () => void } {
  const error = f.store.getState().tagsError;
  if (error === null) return { status: null, help };
  return {
    status: { text: `Couldn’t load the tags: ${error}`, error: true },
    help: `r retry · ${failedHelp}`,
    onRetry: () => {
      // Loading from here on (set before it asks): the reopened picker waits.
      void f.store.getState().reloadTags();
      reopen();
    },
  };
}

/**
 * `t` on a card or the selected cards: Space marks or unmarks tags, Enter
 * applies them (before any Space: the highlighted tag alone, added or
 * removed) — one request per card, one step for `u`.
 */
export function tagPicker(f: Flow, cardIds: readonly CardId[], status: Status = null): void {
  const key = showPicker(f, tagsLoading, () => {
    const failed = whenFailed(
      f,
      () => tagPicker(f, cardIds),
      'Space mark · Enter apply · Esc close',
      // Nothing to mark: no tags came.
      'Enter pick · Esc close',
    );
    const none = f.store.getState().tags.length === 0 ? { text: 'This board has no tags yet.' } : null;
    // Once the server has said it cannot replace tags, the picker only offers what it can do.
    const addOnly = f.store.getState().offers('setTags') === false;
    const of = cardIds.length === 1 ? 'Tags' : `Tags of ${cardIds.length} cards`;
    return {
      kind: 'pick',
      scope: 'multi-pick',
      title: `${of} — ${addOnly ? 'Enter applies (this server cannot remove tags)' : 'Enter applies or removes'} · Space marks several`,
      items: [
        ...tagItems(f),
        // Shown to a member too, saying why it won't work for them.
        { value: NEW, label: `+ New tag…${creating(f) === null ? '' : ' (the owner’s)'}`, dim: true, action: true },
        { value: MANAGE, label: '  Manage board tags…', dim: true, action: true },
      ],
      marks: {
        ...startMarks(cardIds.map((id) => appliedTo(f, id).map(String))),
        onApply: (on, off) => {
          f.overlays.close(key);
          applyTags(f, cardIds, on.map(Number), off.map(Number), addOnly);
        },
      },
      ...failed,
      status: status ?? failed.status ?? none,
      onCancel: () => f.overlays.close(key),
      onPick: (value) => {
        const no = value === NEW ? creating(f) : null;
        if (no !== null) return f.overlays.update(key, { status: { text: no, error: true } });
        if (value === NEW) return newTag(f, cardIds);
        if (value === MANAGE) return tagManager(f);
      },
    };
  });
}

/**
 * Name, then colour; the new tag goes on the card too (and on its detail, if
 * open). Esc at the colour goes back to the name as typed; Esc at the name
 * keeps it as a draft of this board's new tag.
 */
function newTag(f: Flow, cardIds: readonly CardId[], start: { name?: string; error?: string | null } = {}): void {
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
            if (cardIds.length === 0) return tagManager(f);
            await sendAll(f, cardIds, `tags of ${cardIds.length} cards`, (id) => [
              f.store.getState().addTag(id, tagId),
            ]).catch(() => undefined);
            f.notify(`Created tag ${sanitize(name)}`);
            // The detail open on the card shows it now, not once reopened.
            refreshDetail(f, cardIds);
          })
          .catch((e: unknown) => newTag(f, cardIds, { name: typed, error: why(e) }));
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
    items: tagItems(f),
    ...whenFailed(f, () => tagManager(f), 'Enter show its cards · d delete · n new tag · Esc close'),
    ...(status !== null ? { status } : {}),
    onCancel: () => f.overlays.close(key),
    onPick: (value) => {
      f.overlays.close(key);
      f.store.getState().setFilter({ text: '', tagId: Number(value) });
    },
    onAction: (action, value) => {
      const s = f.store.getState();
      const no =
        action === 'tag.new' || action === 'tag.delete'
          ? ownerOnly(s, s.boardId, action === 'tag.new' ? 'create tags' : 'delete tags')
          : null;
      if (no !== null) return f.overlays.update(key, { status: { text: no, error: true } });
      if (action === 'tag.new') return newTag(f, []);
      if (action !== 'tag.delete' || value === null) return;
      const tag = f.store.getState().tags.find((t) => String(t.Id) === value);
      if (tag === undefined) return;
      const confirm = f.overlays.show({
        kind: 'confirm',
        question: `Delete tag “${sanitize(tag.Name)}” from the board and every card? ${
          versioned(f) ? 'u brings it back.' : 'It cannot be undone.'
        }`,
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

/**
 * Whether `u` can bring a deleted tag back: the service that keeps card
 * versions also says which cards a deleted tag was on; elsewhere it is final.
 */
function versioned(f: Flow): boolean {
  for (const card of f.store.getState().view.cards.values()) if (card.version !== undefined) return true;
  return false;
}
