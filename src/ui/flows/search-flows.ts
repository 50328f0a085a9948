/**
 * `F`: search every board (the server's `GET /v2/search`), the matches
 * listed as the query is typed (prompts/SearchPrompt.tsx, store/search.ts).
 * Enter on one opens its board with the cursor on it; Esc leaves everything
 * where it was. The board's `/` filter hands its words over with Tab
 * (keys/filter-keys.ts): a filter that finds nothing here becomes a search
 * of every board.
 */
import type { CardId } from '../../api/read-model.js';
import { sanitize } from '../../text/sanitize.js';
import { why, type Flow } from './flow.js';

/** `hidden`: whether the board's filter hides a card, as the screen draws it; `initial`: the words to search for at once. */
export function searchEverywhere(f: Flow, hidden: (cardId: CardId) => boolean, initial = ''): void {
  // What an earlier search left is not this one's.
  f.store.getState().endSearch();
  const key = f.overlays.show({
    kind: 'search',
    title: 'Search every board',
    initial,
    onCancel: () => f.overlays.close(key),
    onOpen: (hit) => {
      f.overlays.close(key);
      const id = hit.ServiceTaskId;
      if (hit.Archived) return f.notify(`Card ${sanitize(id)} is archived — A on its board lists the archived cards`);
      void f.store
        .getState()
        .jumpToCard(id, { hidden })
        .then(
          (out) => f.notify(out.found ? `Card ${sanitize(id)} — found by search` : out.message),
          (e: unknown) => f.notify(why(e)),
        );
    },
  });
}
