/**
 * Whose key this is: the email and user id the board's own comments carry,
 * so the screen offers editing and deleting only of the user's own. From a
 * configured email (BoardStoreOptions.meEmail) or the server's `GET /v2/me`
 * extension; unknown (null) on a server without it — then the server's own
 * refusal is what the user sees.
 */
import type { Core } from './core.js';

export interface Me {
  readonly email: string | null;
  readonly userId: number | null;
  /** The name the server knows them by (a signature's `{{agent.name}}`); absent when not told. */
  readonly name?: string | null;
}

export interface MeData {
  me: Me | null;
}

export interface MeActions {
  /** Asks the server who the key belongs to (once; a server without the extension leaves `me` as it is). */
  loadMe(): Promise<void>;
}

export function makeMe(core: Core<MeData>): MeActions {
  let asked = false;
  return {
    async loadMe() {
      if (asked) return;
      asked = true;
      try {
        const who = await core.client.whoAmI();
        const had = core.get().me;
        core.set({ me: { email: had?.email ?? who.Email, userId: who.UserId, name: who.Name } });
      } catch {
        // Not offered, or not now: the user's own comments can't be told apart; the server still refuses others'.
      }
    },
  };
}

/** Whether a comment is someone else's: only when both sides are known. */
export function isOthers(me: Me | null, c: { UserId: number | null; UserEmail?: string }): boolean {
  if (me === null) return false;
  if (me.userId !== null && c.UserId !== null) return me.userId !== c.UserId;
  if (me.email !== null && c.UserEmail !== undefined) return me.email.toLowerCase() !== c.UserEmail.toLowerCase();
  return false;
}
