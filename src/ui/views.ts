/**
 * Saved views: the config's `"views"` (`{"Mine": "assignee:me is:unread"}`),
 * each a filter in `/`'s language, in the file's order; `1`–`9` on the board
 * show them, `0` shows every card (keys/view-keys.ts). Set once at start
 * (`applyViews` in run.tsx); the board's header names the view in force, and
 * a line of tabs under it lists them all (ViewTabs.tsx).
 */

let views: readonly (readonly [name: string, query: string])[] = [];

export function applyViews(v: Readonly<Record<string, string>> | undefined): void {
  views = Object.entries(v ?? {});
}

/** The views in the file's order. */
export const viewList = (): readonly (readonly [string, string])[] => views;

/** The view whose filter is this text, with its number (1-based), or null. */
export function viewOf(text: string | undefined): { n: number; name: string } | null {
  if (text === undefined || text.trim() === '') return null;
  const i = views.findIndex(([, q]) => q.trim() === text.trim());
  return i < 0 ? null : { n: i + 1, name: (views[i] as readonly [string, string])[0] };
}
