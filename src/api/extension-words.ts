/** What each extension does, in words: the client's "… is not offered by this server" and the screens' own. */
import type { Extension } from './types.js';

export const EXTENSION_WORDS: Record<Extension, string> = {
  setTags: "Removing or replacing a card's tags",
  createEmailSequence: 'Creating an email sequence',
  me: 'Telling whose key this is',
  setDueDate: 'Setting due dates',
  setReadStatus: 'Marking cards read or unread',
  tickSubTask: 'Ticking sub-tasks',
  archivedCards: "Listing a board's archived cards",
  restoreCard: 'Restoring archived cards',
  messages: "Reading a card's email",
  reply: "Replying to a card's email",
  forward: 'Forwarding email',
  compose: 'Writing new email',
  signature: "Setting a board's signature",
  outbox: 'Taking back a reply before it is sent',
  presence: 'Showing who is on a card',
  events: 'Live events',
  updateBoard: 'Renaming a board or changing its members',
  archiveBoard: 'Archiving a board',
  updateColumn: 'Renaming a column',
  deleteColumn: 'Deleting a column',
  mailboxes: "Telling whether a board's mailbox is connected",
  search: 'Searching across boards',
  snooze: 'Snoozing cards',
  targets: 'Setting response targets',
};
