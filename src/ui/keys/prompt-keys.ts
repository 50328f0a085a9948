/**
 * The keys of a text prompt (readline's, as far as a one-screen field has
 * use for them), of the board's `/` filter prompt and of a y/n. A prompt's
 * editing keys carry the edit they make (prompts/use-text-input-state.ts);
 * any other key a prompt gets is text, or is said to do nothing there.
 */
import type { TextInputAction } from '../prompts/use-text-input-state.js';
import type { Binding } from './types.js';

/** A text prompt's editing key: the edit it makes to the text. */
export interface EditBinding extends Binding {
  edit?: TextInputAction;
}

/** An editing key of a text prompt. */
const edit = (action: EditBinding['action'], keys: string[], help: string, e: TextInputAction): EditBinding => ({
  action,
  keys,
  scope: 'prompt',
  group: 'Edit',
  help,
  edit: e,
});

export const PROMPT_KEYS: readonly EditBinding[] = [
  { action: 'prompt.submit', keys: ['enter'], scope: 'prompt', group: 'App', help: 'save / submit', hint: 'save' },
  { action: 'prompt.cancel', keys: ['esc'], scope: 'prompt', group: 'App', help: 'cancel', hint: 'cancel' },
  { action: 'prompt.newline', keys: ['C-j'], scope: 'prompt', group: 'Edit', help: 'new line (notes and comments)' },
  edit('prompt.left', ['left', 'C-b'], 'a character left', { type: 'left' }),
  edit('prompt.right', ['right', 'C-f'], 'a character right', { type: 'right' }),
  edit('prompt.wordLeft', ['M-b', 'C-left'], 'a word left', { type: 'wordLeft' }),
  edit('prompt.wordRight', ['M-f', 'C-right'], 'a word right', { type: 'wordRight' }),
  edit('prompt.up', ['up'], 'the line above (notes and comments)', { type: 'up' }),
  edit('prompt.down', ['down'], 'the line below (notes and comments)', { type: 'down' }),
  edit('prompt.home', ['home', 'C-a'], 'start of the line', { type: 'home' }),
  edit('prompt.end', ['end', 'C-e'], 'end of the line', { type: 'end' }),
  edit('prompt.deleteBack', ['backspace'], 'delete the character before the cursor', { type: 'deleteBack' }),
  edit('prompt.deleteForward', ['delete', 'C-d'], 'delete the character under the cursor', { type: 'deleteForward' }),
  edit('prompt.deleteWord', ['C-w', 'M-backspace'], 'delete the word before the cursor', { type: 'deleteWordBack' }),
  edit('prompt.deleteWordForward', ['M-d'], 'delete the word after the cursor', { type: 'deleteWordForward' }),
  edit('prompt.deleteToStart', ['C-u'], 'delete to the start of the line', { type: 'deleteToLineStart' }),
  edit('prompt.deleteToEnd', ['C-k'], 'delete to the end of the line', { type: 'deleteToLineEnd' }),
  {
    action: 'prompt.editor',
    keys: ['C-g'],
    scope: 'prompt',
    group: 'Edit',
    help: 'edit the text in $VISUAL or $EDITOR (vi when neither is set); saved, it comes back here',
  },
  // The reply composer: a text prompt whose Enter is a line and whose sending is a key of its own, so a
  // half-typed answer never goes to a customer when a new line was meant.
  {
    action: 'composer.send',
    keys: ['C-s'],
    scope: 'composer',
    group: 'App',
    help: 'send the reply',
    hint: 'send',
  },
  {
    action: 'composer.newline',
    keys: ['enter', 'C-j'],
    scope: 'composer',
    group: 'Edit',
    help: 'a new line',
    hint: 'new line',
  },
  {
    action: 'composer.keep',
    keys: ['esc'],
    scope: 'composer',
    group: 'App',
    help: 'close it, the text kept as a draft (`w` brings it back)',
    hint: 'keep as draft',
  },
  // Who it goes to and what goes with it: Alt keys, since every printable key is text here. Each
  // opens a small prompt in the composer's place; Esc or Enter there brings the composer back.
  {
    action: 'composer.to',
    keys: ['M-t'],
    scope: 'composer',
    group: 'App',
    help: 'edit To (addresses separated by commas)',
    hint: 'to',
  },
  {
    action: 'composer.cc',
    keys: ['M-c'],
    scope: 'composer',
    group: 'App',
    help: 'edit Cc (a reply keeps the other people on the message answered)',
    hint: 'cc',
  },
  {
    action: 'composer.bcc',
    keys: ['M-h'],
    scope: 'composer',
    group: 'App',
    help: 'edit Bcc (hidden copies)',
    hint: 'bcc',
  },
  {
    action: 'composer.subject',
    keys: ['M-s'],
    scope: 'composer',
    group: 'App',
    help: 'edit the Subject (new mail; a reply and a forward keep the thread’s)',
  },
  {
    action: 'composer.attach',
    keys: ['M-a'],
    scope: 'composer',
    group: 'App',
    help: 'attach a file by its path (~ and paths from the current folder; 25 MiB in all)',
    hint: 'attach',
  },
  {
    action: 'composer.detach',
    keys: ['M-r'],
    scope: 'composer',
    group: 'App',
    help: 'remove the file attached last',
    hint: 'remove file',
  },
  {
    action: 'composer.saved',
    keys: ['M-v'],
    scope: 'composer',
    group: 'App',
    help: "put in one of the board's saved replies, at the cursor, filled for this card (type to filter)",
    hint: 'saved reply',
  },
  // The board's / filter is a text prompt whose Enter and Esc mean something else (keys/filter-keys.ts).
  { action: 'filter.keep', keys: ['enter'], scope: 'filter-prompt', group: 'App', help: 'keeps it', hint: 'keep' },
  {
    action: 'filter.undo',
    keys: ['esc'],
    scope: 'filter-prompt',
    group: 'App',
    help: 'puts back the filter you had',
    hint: 'undo',
  },
  {
    action: 'filter.search',
    keys: ['tab'],
    scope: 'filter-prompt',
    group: 'App',
    help: 'searches every board for its words (F)',
    hint: 'search every board',
  },

  { action: 'confirm.yes', keys: ['y', 'Y'], scope: 'confirm', group: 'App', help: 'yes', hint: 'yes' },
  {
    action: 'confirm.no',
    keys: ['n', 'N', 'esc'],
    scope: 'confirm',
    group: 'App',
    help: 'no',
    hint: 'no',
    hintKey: 'n/Esc',
  },
];
