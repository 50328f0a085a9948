/**
 * A saved reply filled for a card, for `inboard card reply ID --saved NAME`:
 * the service fills it; a variable it could not fill (a customer who gave
 * no name) refuses the reply, naming it, unless the sender says to send it
 * as it is.
 */
import type { CardId } from '../../api/read-model.js';
import type { Client } from '../../api/types.js';
import { CommandError } from '../args.js';
import { one } from '../output.js';

export async function savedText(client: Client, cardId: CardId, name: string, sendUnfilled: boolean): Promise<string> {
  const all = await client.filledReplies(cardId);
  const key = name.trim().toLowerCase();
  const found = all.find((r) => r.Name.trim().toLowerCase() === key);
  if (found === undefined) {
    const names = all.map((r) => `"${one(r.Name)}"`).join(', ');
    throw new CommandError(
      `card ${one(cardId)}'s board has no saved reply named "${one(name)}"${all.length === 0 ? ' (it has none)' : `: it has ${names}`}; nothing was sent`,
    );
  }
  if (found.Missing.length > 0 && !sendUnfilled) {
    const vars = found.Missing.map((v) => `{{${one(v)}}}`).join(', ');
    throw new CommandError(
      `saved reply "${one(found.Name)}" has no value for ${vars} on card ${one(cardId)}; nothing was sent (--send-unfilled sends it with ${vars} as written)`,
    );
  }
  return found.Text;
}
