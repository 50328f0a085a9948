/** `1`–`9`: the config's saved views on the board (ui/views.ts); `0`: every card again. */
import { filterProblem } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { viewList } from '../views.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

const viewAt = (k: ScreenKeys) => viewList()[Number(k.key) - 1];

export const VIEW_KEYS: readonly B[] = [
  {
    action: 'view.show',
    keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    group: 'Board',
    help: 'show the saved view with that number (the config’s "views")',
    unavailable: (k) => {
      const v = viewAt(k);
      const n = viewList().length;
      if (v === undefined)
        return n === 0
          ? `No view ${k.key}: the config has no "views" (see docs/config.md)`
          : `No view ${k.key}: the config’s "views" name ${n}`;
      const problem = filterProblem(v[1], k.store.getState().me?.email ?? null);
      return problem === null
        ? null
        : `The view “${sanitize(v[0])}” can’t be used: ${problem} (fix "views"."${sanitize(v[0])}" in the config)`;
    },
    run: (k) => {
      const v = viewAt(k);
      if (v !== undefined) k.store.getState().setFilter({ text: v[1], tagId: null });
    },
  },
  {
    action: 'view.all',
    keys: ['0'],
    group: 'Board',
    help: 'every card: no view, no filter',
    run: (k) => k.store.getState().setFilter(null),
  },
];
