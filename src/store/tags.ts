/**
 * The open board's tags: loaded beside its columns, created and deleted from
 * the tag manager. A card's own tags (set, add) are card mutations
 * (card-mutations.ts): they show on the row at once. Creating or deleting a
 * tag is sent at once, then the tags are read again; a refusal is reported
 * as every failed change is (status.ts, refuse), after a send whose answer
 * never came is checked (outcome.ts): a create is sent again with its
 * Idempotency-Key (the service answers with the tag it made), a delete is
 * confirmed by the tag being gone from the list. Deleting one is a barrier
 * in the undo history (undo.ts), undoable once the server says which cards
 * had it (kinds/tag-back.ts), final where it does not.
 */
import { randomUUID } from 'node:crypto';
import type { CardId, Tag } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import type { Core, CoreData } from './core.js';
import { normaliseFilter, type FilterData } from './filter.js';
import type { MutationInput } from './mutation-kinds.js';
import { sendChecked } from './outcome.js';
import { errorText, refuse, type StatusData } from './status.js';

export interface TagsData {
  tags: readonly Tag[];
  /** The open board's tags are still being fetched (empty `tags` doesn't mean none yet). */
  tagsLoading: boolean;
  /** Why the open board's tags failed to load (sanitised): empty `tags` then doesn't mean none. */
  tagsError: string | null;
}

export interface TagActions {
  /** Creates a tag on the open board; resolves with its id. `color` is a palette index. */
  createTag(name: string, color: number): Promise<number>;
  deleteTag(tagId: number): Promise<void>;
  reloadTags(): Promise<void>;
}

/** A tag created or deleted, as a MutationError reports it. */
export type TagChange = { kind: 'createTag'; name: string; color: number } | { kind: 'deleteTag'; tagId: number };

export interface Tags {
  readonly actions: TagActions;
  /** The board's tags as it opens or refreshes (see below); never rejects. */
  readonly loadTags: (boardId: number, gen: number) => Promise<void>;
}

/** Records a change `u` cannot take back, or can once answered (undo.ts History.barrier). */
export type Barrier = (
  label: string,
  why: string,
  sent: Promise<unknown>,
  back?: (answer: unknown) => MutationInput | null,
) => void;

/** How a deleted tag comes back: only where the answer named its cards and its colour is a palette index. */
function tagBackOf(tag: Tag | undefined, answer: unknown): MutationInput | null {
  const cardIds = (answer as { CardIds?: CardId[] } | undefined)?.CardIds;
  if (tag === undefined || cardIds === undefined) return null;
  const color = /^\d{1,2}$/.test(tag.Color) ? Number(tag.Color) : NaN;
  if (!(color >= 0 && color <= 11)) return null;
  return { kind: 'tagBack', name: tag.Name, color, cardIds };
}

export function makeTags(
  core: Core<CoreData & TagsData & FilterData & StatusData>,
  barrier: Barrier,
  /** Hears each card a deletion took the tag from (their versions moved on). */
  untagged: (cardId: CardId) => void,
): Tags {
  const openBoard = (): number => {
    const id = core.get().boardId;
    if (id === null) throw new Error('No board is open');
    return id;
  };

  /**
   * The board's tags, beside its columns: they only decorate rows, so a
   * failure is no board error. The status bar flags it, the tag picker says
   * why, and the next refresh (r, or the automatic one) asks again — which
   * also brings in tags a teammate created. Old tags stay until new ones land.
   */
  function loadTags(boardId: number, gen: number): Promise<void> {
    return core.client.listTags(boardId).then(
      (tags) => void (gen === core.generation && core.update({ tags, tagsLoading: false, tagsError: null })),
      (e: unknown) => void (gen === core.generation && core.update({ tagsLoading: false, tagsError: errorText(e) })),
    );
  }

  /** Loading while it asks (a tag picker waits for it); a failure is kept for the picker too. */
  async function reloadTags(): Promise<void> {
    const boardId = core.get().boardId;
    if (boardId === null) return;
    const gen = core.generation;
    core.set({ tagsLoading: true, tagsError: null });
    try {
      const tags = await core.client.listTags(boardId);
      if (core.generation === gen) core.update({ tags, tagsLoading: false });
    } catch (e) {
      if (core.generation === gen) core.set({ tagsLoading: false, tagsError: core.fail(e) });
    }
  }

  const actions: TagActions = {
    reloadTags,
    async createTag(name, color) {
      const boardId = openBoard();
      const input: TagChange = { kind: 'createTag', name, color };
      // One key for both sends: a resend after a lost answer gets the first one's tag, not a second tag.
      const key = randomUUID();
      const send = () => core.client.createTag({ BoardId: boardId, Name: name, Color: color }, { idempotencyKey: key });
      // No read tells this tag from another of its name: the keyed resend answers.
      const tag = await sendChecked(send, null).catch((e: unknown) => {
        throw refuse(core, input, e);
      });
      await reloadTags();
      return tag.Id;
    },
    async deleteTag(tagId) {
      const boardId = openBoard();
      const tag = core.get().tags.find((t) => t.Id === tagId);
      const name = tag?.Name;
      const send = () => core.client.deleteTag(boardId, tagId);
      const gone = async () => !(await core.client.listTags(boardId)).some((t) => t.Id === tagId);
      // Found gone, with no answer to name its cards: final, as on a server that never names them.
      const sent = sendChecked(send, gone).catch((e: unknown) => {
        throw refuse(core, { kind: 'deleteTag', tagId } satisfies TagChange, e);
      });
      // Final until the answer says which cards had it (its y/n says which): `u` stops here
      // instead of undoing an older change; with `CardIds`, `u` puts the tag back on them.
      barrier(
        `deletion of tag “${name === undefined ? String(tagId) : truncate(sanitize(name), 30)}”`,
        'a deleted tag is gone from every card for good',
        sent,
        (answer) => tagBackOf(tag, answer),
      );
      for (const id of (await sent)?.CardIds ?? []) untagged(id);
      // A filter on the tag gone would show no cards, for no visible reason.
      const f = core.get().filter;
      if (f !== null && f.tagId === tagId) core.set({ filter: normaliseFilter({ ...f, tagId: null }) });
      await reloadTags();
    },
  };
  return { actions, loadTags };
}
