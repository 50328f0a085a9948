/**
 * `u` and `U`: undo and redo the user's own changes (store/undo.ts). A card
 * someone else changed since is named in a y/n before anything is sent.
 */
import type { HistoryOutcome, Outgoing } from '../../store/index.js';
import type { Flow } from './flow.js';

export function travel(f: Flow, back: boolean, reopen?: (o: Outgoing) => void): void {
  // A reply still waiting to go is the last thing done: `u` takes it back first, and the composer reopens.
  if (back && f.store.getState().outgoing.length > 0) {
    void f.store
      .getState()
      .takeBackReply()
      .then((r) => {
        if ('cannot' in r) return f.notify(`Can’t take the reply back: ${r.cannot}`);
        f.notify('Reply taken back: nothing was sent');
        reopen?.(r.back);
      });
    return;
  }
  const go = (force: boolean): HistoryOutcome =>
    back ? f.store.getState().undo(force) : f.store.getState().redo(force);
  const show = (o: HistoryOutcome): void => {
    if ('done' in o) {
      f.notify(o.done);
      // Refused: the status bar has the server's words, and the change is still the one to undo.
      o.settled.catch(() => undefined);
    } else if ('nothing' in o) f.notify(o.nothing);
    else {
      const key = f.overlays.show({
        kind: 'confirm',
        question: o.confirm,
        details: [o.because],
        onNo: () => f.overlays.close(key),
        onYes: () => {
          f.overlays.close(key);
          show(go(true));
        },
      });
    }
  };
  show(go(false));
}
