/**
 * Whom a reply goes to by default (reply to all): the customer — the
 * Reply-To of the message answered, else its From (for the team's own
 * message, its To) — in To, and everyone
 * else on it (its To and Cc) in Cc, leaving out the team's own addresses:
 * every address of the board's mailboxes (their login and their From) and
 * the service relay's From. Addresses compare without case; each person
 * once, and never in both To and Cc.
 */
import type { CardMessage } from '../../../api/schema-mail.js';
import type { Sql } from '../../sql/sql.js';
import { mailboxesOfBoard } from '../imap/mailbox-store.js';
import { addressOf, type MailSettings } from '../smtp.js';

/** The bare address, lower case: what two ways of writing one address share. */
export const addressKey = (text: string): string => addressOf(text).toLowerCase();

/** The team's own addresses on this board, as `addressKey`s. */
export async function teamAddresses(sql: Sql, relay: MailSettings | undefined, boardId: number): Promise<Set<string>> {
  const own = new Set<string>();
  for (const box of await mailboxesOfBoard(sql, boardId)) {
    own.add(addressKey(box.address));
    own.add(addressKey(box.from_addr));
  }
  if (relay !== undefined) own.add(addressKey(relay.from));
  return own;
}

/** `list` without the addresses in `leaveOut` and without repeats (the first spelling kept). */
export function without(list: readonly string[], leaveOut: ReadonlySet<string>): string[] {
  const seen = new Set(leaveOut);
  const out: string[] = [];
  for (const a of list) {
    const k = addressKey(a);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    out.push(a);
  }
  return out;
}

export interface Recipients {
  to: string[];
  cc: string[];
}

/**
 * The defaults for answering `parent`. A message the team sent (a card
 * begun with new mail, no answer yet) is answered to its own To and Cc.
 */
export function replyTargets(parent: CardMessage, team: ReadonlySet<string>): Recipients {
  const customer = parent.ReplyTo ?? parent.From;
  // The team's own mail (sent from here, or by a teammate elsewhere and come in through the mailbox).
  if (parent.Direction === 'out' || team.has(addressKey(customer))) {
    const to = without(parent.To, team);
    return { to, cc: without(parent.Cc, new Set([...team, ...to.map(addressKey)])) };
  }
  const to = [customer];
  const others = [...parent.To, ...parent.Cc];
  return { to, cc: without(others, new Set([...team, addressKey(customer)])) };
}

/**
 * What a reply is sent to: `To` and `Cc` as asked, the defaults where
 * absent. An explicit To keeps the default Cc, less anyone now in To.
 */
export function chosenRecipients(
  defaults: Recipients,
  asked: { To?: string[] | undefined; Cc?: string[] | undefined },
): Recipients {
  const to = without(asked.To ?? defaults.to, new Set());
  const cc = without(asked.Cc ?? defaults.cc, new Set(to.map(addressKey)));
  return { to, cc };
}
