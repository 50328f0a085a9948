/**
 * The keymap's vocabulary: where keys go (scopes), what they do (actions, one
 * id per meaning), and a binding. Screen scopes bind handlers too (see
 * board-keys.ts, detail-keys.ts); docs/architecture.md › "The keymap".
 */

/**
 * Where keys go: a screen (board, card detail, triage, the board list `picker`), or what
 * is open over it (a text prompt, the reply composer (Enter is a line there), a y/n confirm, a picker such as move-to, a
 * picker of several such as tags (`multi-pick`), the search of every board (`F`: a query typed over its matches), the
 * `?` help, an email sequence being read, a command's output (`pager`), the board's report (`report`)). `global` keys work
 * on the screens only: what is open over them takes every key.
 */
export type Scope =
  | 'board'
  | 'detail'
  | 'triage'
  | 'picker'
  | 'prompt'
  | 'composer'
  | 'filter-prompt'
  | 'confirm'
  | 'pick'
  | 'multi-pick'
  | 'pick-filter'
  | 'tags'
  | 'search'
  | 'help'
  | 'sequence'
  | 'pager'
  | 'report'
  | 'global';

export type Action =
  // the board's cursor and moves
  | 'column.prev'
  | 'column.next'
  | 'card.prev'
  | 'card.next'
  | 'card.first'
  | 'card.last'
  | 'page.up'
  | 'page.down'
  | 'move.left'
  | 'move.right'
  | 'move.up'
  | 'move.down'
  // a card (board and detail)
  | 'card.open'
  | 'card.new'
  | 'card.edit'
  | 'card.comment'
  | 'card.note'
  | 'card.subtask'
  | 'card.tags'
  | 'card.assign'
  | 'card.moveTo'
  | 'card.archive'
  | 'card.select'
  | 'card.due'
  | 'card.read'
  | 'card.snooze'
  // the card's email thread (detail and triage)
  | 'card.reply'
  | 'card.forward'
  | 'thread.unfold'
  // what is on screen read again: the card in the detail and triage
  | 'view.refresh'
  // the user's own changes in this run
  | 'undo'
  | 'redo'
  // the board
  | 'column.new'
  | 'mail.new'
  | 'column.rename'
  | 'column.delete'
  | 'board.rename'
  | 'board.members'
  | 'board.archive'
  | 'board.switch'
  | 'card.jump'
  | 'jump.back'
  | 'search'
  | 'board.archived'
  | 'board.snoozed'
  | 'board.sort'
  | 'board.targets'
  | 'board.rules'
  | 'board.filter'
  | 'board.refresh'
  | 'board.back'
  | 'sequences'
  | 'tags.manage'
  | 'board.triage'
  | 'board.preview'
  // the config's saved views
  | 'view.show'
  | 'view.all'
  // the card detail
  | 'scroll.up'
  | 'scroll.down'
  | 'scroll.pageUp'
  | 'scroll.pageDown'
  | 'item.next'
  | 'item.prev'
  | 'subtask.tick'
  | 'comment.delete'
  | 'detail.history'
  | 'customer.others'
  // the member's notifications (board)
  | 'notifications.list'
  | 'detail.back'
  // the files of the card's email (detail)
  | 'attachment.next'
  | 'attachment.prev'
  | 'attachment.open'
  | 'attachment.save'
  | 'attachment.read'
  // triage (`i`): one card at a time
  | 'triage.move'
  | 'triage.back'
  // lists: the board list, pickers, the tag manager
  | 'list.prev'
  | 'list.next'
  | 'list.first'
  | 'list.last'
  | 'list.pick'
  | 'list.mark'
  | 'list.nth'
  | 'list.filter'
  | 'list.reload'
  | 'list.profile'
  | 'list.close'
  | 'board.new'
  | 'tag.new'
  | 'tag.delete'
  // typing a list's filter
  | 'filter.erase'
  | 'filter.clear'
  // text prompts
  | 'prompt.submit'
  | 'prompt.cancel'
  | 'prompt.newline'
  // the reply composer: Enter is a line, sending its own key
  | 'composer.send'
  | 'composer.newline'
  | 'composer.keep'
  | 'composer.to'
  | 'composer.cc'
  | 'composer.bcc'
  | 'composer.subject'
  | 'composer.attach'
  | 'composer.detach'
  | 'composer.saved'
  | 'prompt.home'
  | 'prompt.end'
  | 'prompt.left'
  | 'prompt.right'
  | 'prompt.deleteBack'
  | 'prompt.deleteForward'
  | 'prompt.deleteWordForward'
  | 'prompt.wordLeft'
  | 'prompt.wordRight'
  | 'prompt.up'
  | 'prompt.down'
  | 'prompt.deleteWord'
  | 'prompt.deleteToStart'
  | 'prompt.deleteToEnd'
  | 'prompt.editor'
  // the board's / filter prompt (and, on the board, the filter on)
  | 'filter.keep'
  | 'filter.undo'
  | 'filter.search'
  // y/n
  | 'confirm.yes'
  | 'confirm.no'
  // the help, a sequence being read
  | 'help.close'
  | 'sequence.back'
  // a command's output read in the pager
  | 'pager.close'
  // the board's report (`Y`)
  | 'board.report'
  | 'report.close'
  | 'report.by'
  | 'report.period'
  | 'report.refresh'
  // your commands (the config's "commands"), by their place in the file
  | `command.${number}`
  | 'help'
  | 'quit';

export type Group = 'Navigate' | 'Move' | 'Card' | 'Board' | 'Edit' | 'App' | 'Your commands';

export interface Binding {
  action: Action;
  /** Normalised key names (see `keyName`): 'h', 'H', 'left', 'S-left', 'C-c', 'enter', 'esc'. */
  keys: readonly string[];
  scope: Scope;
  /** Help-screen text. */
  help: string;
  group: Group;
  /** Short footer label; only the bindings with one are hinted. */
  hint?: string;
  /** How the footer names the keys, when one key alone would mislead ('hjkl'). */
  hintKey?: string;
}

/**
 * A binding of a screen with what it does. `unavailable` says why the action
 * can't run now ("no card here"); the status bar shows that instead of a
 * silent no-op. `run` is only called when it returns null.
 */
export interface ScreenBinding<Ctx> extends Binding {
  unavailable?: (ctx: Ctx) => string | null;
  run: (ctx: Ctx) => void;
}
