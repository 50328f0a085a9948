/**
 * `P`: the open board's response targets, the owner's — how long a customer
 * may wait for the team's first answer and for each later one, with the
 * business hours the clock runs in. One line, read as it is typed (`first
 * 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin`; `none` for
 * none); a refusal shows in the prompt in the server's words, the text kept.
 */
import { EXTENSION_WORDS } from '../../api/extension-words.js';
import { ownerOnly, type BoardState } from '../../store/index.js';
import { parseTargetsLine, targetsLine, targetsWords } from '../../text/response-targets.js';
import { press } from '../keys/active.js';
import { ask, readAsTyped, type Flow } from './flow.js';

/** Why `P` can't run now, or null: no board, a server without targets, not the owner. */
export function targetsUnavailable(s: BoardState): string | null {
  if (s.boardId === null) return 'No board is open';
  if (s.offers('targets') === false) return `${EXTENSION_WORDS.targets} is not offered by this server`;
  return ownerOnly(s, s.boardId, 'set its response targets');
}

export function responseTargets(f: Flow): void {
  const s = f.store.getState();
  const boardId = s.boardId;
  if (boardId === null) return;
  const read = (v: string) => parseTargetsLine(v);
  ask(f, {
    title: 'Response targets of this board — first response, next response, business hours, zone',
    initial: s.boardTargets === null ? '' : targetsLine(s.boardTargets),
    help: 'first 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin · none: no targets',
    draft: {
      id: { kind: 'targets', board: boardId, card: null },
      label: 'response targets',
      reopen: press('board', 'board.targets'),
      edit: {},
    },
    ...readAsTyped(read, (r) => (r.targets === null ? 'no response targets' : targetsWords(r.targets))),
    run: (v) => {
      const r = read(v);
      if (!r.ok) return Promise.reject(new Error(r.error));
      return f.store.getState().setTargets(r.targets, v);
    },
    after: (v) => {
      const r = read(v);
      f.notify(r.ok && r.targets !== null ? `Response targets: ${targetsWords(r.targets)}` : 'No response targets');
    },
  });
}
