/**
 * The composer of a reply (`w`), a forward (`f`) and new mail (`w` on the
 * board): the one text prompt in its `composer` form (Enter is a line,
 * Ctrl+S sends), with whom it goes to above the text and its files and
 * signature under it. Its own keys (scope `composer`, prompt-keys.ts) edit
 * To, Cc, Bcc and the subject, and add or remove files: each opens a small
 * prompt in the composer's place, and Enter or Esc there brings the
 * composer back as it was. Everything typed is held as one draft
 * (letter.ts), so Esc, a refusal or the app ending loses none of it.
 */
import { sanitize } from '../../text/sanitize.js';
import { ask, type Flow } from '../flows/flow.js';
import { keepDraft, type Keep } from '../flows/kept-drafts.js';
import { boundIn, press } from '../keys/active.js';
import { addressLine, bareAddress, readAddresses, sameAddresses } from './addresses.js';
import { attachFile, fileLines, filesProblem } from './files.js';
import { letterFields, type Letter } from './letter.js';

export type Mode = 'reply' | 'forward' | 'new';

/** What the service picks for a reply, shown until changed: `cc` null while it is being asked. */
export interface Picked {
  from: string | null;
  to: string[];
  cc: string[] | null;
}

export interface Composer {
  readonly mode: Mode;
  readonly title: string;
  /** The draft it is kept as. */
  readonly keep: Keep;
  letter: Letter;
  /** A reply's defaults (the customer; reply-all); null for a forward and new mail. */
  picked: Picked | null;
  /** Shown under `-- `, filled in as it will go; null: none. */
  signature: string | null;
  /** Lines after the addresses that can't be edited: a reply's subject, the message forwarded and its files. */
  lines: readonly string[];
  /** Bcc and files: not where the server can't send them (DragApp). */
  more: boolean;
  /** Why the text can't go as typed (a reply's `Cc:` first line), and what it adds, under the field. */
  readText?: { check: (text: string) => string | null; preview: (text: string) => string };
  /** A reply's saved replies (its `composer.saved` key): why not here, else the picker, in the composer's place. */
  savedReplies?: { unavailable: () => string | null; pick: (value: string, cursor: number) => void };
  /** Sends it, once the composer has closed; a refusal opens it again (`openComposer` with `error`). */
  send: (c: Composer) => void;
  /** The open composer's overlay (its lines are patched as answers come in). */
  key: number | null;
}

const LABEL = 9;
const line = (label: string, value: string): string => `${label.padEnd(LABEL)}${value}`;

/** The addresses it goes to as shown: a reply's defaults until they are changed. */
export function shownTo(c: Composer): string[] {
  return c.letter.toSet || c.picked === null ? c.letter.to : c.picked.to;
}
export function shownCc(c: Composer): string[] | null {
  return c.letter.ccSet || c.picked === null ? c.letter.cc : c.picked.cc;
}

function details(c: Composer): string[] {
  const l = c.letter;
  const out: string[] = [];
  if (c.picked?.from != null && c.picked.from !== '') out.push(line('From', sanitize(c.picked.from)));
  const to = shownTo(c);
  out.push(line('To', to.length > 0 ? addressLine(to) : `— (${press('composer', 'composer.to')} to add)`));
  const cc = shownCc(c);
  out.push(line('Cc', cc === null ? 'asking the service…' : cc.length > 0 ? addressLine(cc) : '—'));
  if (c.more) out.push(line('Bcc', l.bcc.length > 0 ? addressLine(l.bcc) : '—'));
  if (c.mode === 'new') out.push(line('Subject', l.subject !== '' ? sanitize(l.subject) : '—'));
  return [...out, ...c.lines];
}

function below(c: Composer): string[] {
  const sig = c.signature === null || c.signature.trim() === '' ? [] : c.signature.trim().split(/\r?\n/);
  const shown = sig.slice(0, 4).map((s) => sanitize(s));
  if (sig.length > 4) shown.push('…');
  return [...fileLines(c.letter.files), ...(shown.length > 0 ? ['-- ', ...shown] : [])];
}

/** The composer's lines drawn again (an answer came, a file went). */
export function refreshComposer(f: Flow, c: Composer): void {
  if (c.key !== null) f.overlays.update(c.key, { details: details(c), below: below(c) });
}

/** Why it can't be sent as it stands, or null. */
function problem(c: Composer, text: string): string | null {
  const said = c.readText?.check(text) ?? null;
  if (said !== null) return said;
  if (c.mode !== 'reply' && c.letter.to.length === 0)
    return `To: nobody yet — ${press('composer', 'composer.to')} to add an address`;
  if (c.mode === 'new' && c.letter.subject.trim() === '')
    return `Subject: none yet — ${press('composer', 'composer.subject')} to write one`;
  return filesProblem(c.letter.files);
}

export interface OpenOptions {
  error?: string;
  restored?: boolean;
  /** After what is open now (a refusal that came late). */
  queued?: boolean;
  /** Where the cursor stands (a saved reply put in): default the end. */
  cursor?: number;
}

export function openComposer(f: Flow, c: Composer, o: OpenOptions = {}): void {
  const keep: Keep = { ...c.keep, fields: (v) => letterFields({ ...c.letter, text: v }) };
  c.key = ask(f, {
    title: c.title,
    details: details(c),
    below: below(c),
    composer: true,
    draft: keep,
    initial: c.letter.text,
    // A forward's note is optional: the message forwarded is what it carries.
    allowEmpty: c.mode === 'forward',
    ...(o.restored === true ? { restored: true } : {}),
    ...(o.error !== undefined ? { error: o.error } : {}),
    ...(o.queued === true ? { queued: true } : {}),
    ...(o.cursor !== undefined ? { cursor: o.cursor } : {}),
    ...(c.readText !== undefined ? { preview: c.readText.preview } : {}),
    check: (v) => problem(c, v),
    onKey: (name, value, leave, cursor) => onKey(f, c, name, value, leave, cursor),
    next: (v) => {
      c.letter.text = v;
      c.key = null;
      f.overlays.close();
      // On its way: a refusal keeps it again, so nothing typed is lost.
      f.overlays.drafts.drop(c.keep.id);
      c.send(c);
    },
  });
}

function onKey(f: Flow, c: Composer, name: string, value: string, leave: () => void, cursor: number): boolean {
  // The composer is modal: only its own scope's keys.
  const action = boundIn('composer', name)?.action;
  const refuse = (why: string): true => {
    if (c.key !== null) f.overlays.update(c.key, { error: why });
    return true;
  };
  const go = (then: () => void): true => {
    c.letter.text = value;
    leave();
    c.key = null;
    then();
    return true;
  };
  switch (action) {
    case 'composer.to':
      return go(() => editAddresses(f, c, 'to'));
    case 'composer.cc':
      return go(() => editAddresses(f, c, 'cc'));
    case 'composer.bcc':
      if (!c.more) return refuse('Bcc is not offered by this server: it sends To and Cc only');
      return go(() => editAddresses(f, c, 'bcc'));
    case 'composer.subject':
      if (c.mode !== 'new') return refuse(`A ${c.mode} keeps the thread’s subject`);
      return go(() => editSubject(f, c));
    case 'composer.attach':
      if (!c.more) return refuse('Files are not offered by this server: it sends the text only');
      return go(() => attachStep(f, c));
    case 'composer.detach': {
      const last = c.letter.files.at(-1);
      if (last === undefined) return refuse('No file is attached');
      c.letter.files = c.letter.files.slice(0, -1);
      refreshComposer(f, c);
      f.notify(`${sanitize(last.name)} removed: it won’t be sent`);
      return true;
    }
    case 'composer.saved': {
      const no =
        c.savedReplies === undefined ? 'Saved replies go in a reply to a card’s email' : c.savedReplies.unavailable();
      if (no !== null) return refuse(no);
      return go(() => c.savedReplies?.pick(value, cursor));
    }
    default:
      return false;
  }
}

interface Step {
  title: string;
  initial: string;
  help: string;
  /** What Enter does, for the foot ("Enter keep"). */
  submit: string;
  check: (v: string) => string | null;
  apply: (v: string) => void;
  /** The first step of a forward or new mail (To): Esc leaves, keeping what was typed as a draft. */
  first?: boolean;
}

/** A small prompt in the composer's place: Enter applies it, Esc leaves things as they were; both come back. */
function step(f: Flow, c: Composer, s: Step): void {
  ask(f, {
    title: s.title,
    initial: s.initial,
    allowEmpty: true,
    help: s.help,
    submit: s.submit,
    check: s.check,
    // The app ending here keeps the whole letter.
    draft: { ...c.keep, fields: () => letterFields(c.letter) },
    back: () => {
      if (s.first !== true) return openComposer(f, c);
      f.overlays.close();
      keepDraft(f, c.keep, letterFields(c.letter));
    },
    next: (v) => {
      s.apply(v);
      if (c.mode === 'new' && s.first === true && c.letter.subject === '') return editSubject(f, c);
      openComposer(f, c);
    },
  });
}

type Field = 'to' | 'cc' | 'bcc';
const LABELS: Record<Field, string> = { to: 'To', cc: 'Cc', bcc: 'Bcc' };

/** Edits To, Cc or Bcc: the addresses as shown, comma-separated; a bad one named, the typed text kept. */
export function editAddresses(f: Flow, c: Composer, field: Field, first = false): void {
  const label = LABELS[field];
  const now = field === 'to' ? shownTo(c) : field === 'cc' ? (shownCc(c) ?? []) : c.letter.bcc;
  const required = field === 'to' && c.mode !== 'reply';
  step(f, c, {
    title: `${label} of ${c.title}`,
    initial: now.map(bareAddress).join(', '),
    help:
      field === 'to' && c.mode === 'reply'
        ? 'addresses separated by commas (empty: the customer); Esc leaves them as they were'
        : 'addresses separated by commas; Esc leaves them as they were',
    submit: 'keep',
    first,
    check: (v) => {
      const r = readAddresses(v, label);
      if (!r.ok) return r.error;
      return required && r.list.length === 0 ? `${label}: type at least one address` : null;
    },
    apply: (v) => {
      const r = readAddresses(v, label);
      if (!r.ok) return;
      const picked = c.picked;
      if (field === 'bcc') c.letter.bcc = r.list;
      else if (field === 'to') {
        c.letter.to = r.list;
        // A reply's To emptied, or as the service picks it: left to the service.
        c.letter.toSet = picked === null || (r.list.length > 0 && !sameAddresses(r.list, picked.to));
      } else {
        c.letter.cc = r.list;
        c.letter.ccSet = picked === null || picked.cc === null || !sameAddresses(r.list, picked.cc);
      }
    },
  });
}

function editSubject(f: Flow, c: Composer): void {
  step(f, c, {
    title: `Subject of ${c.title}`,
    initial: c.letter.subject,
    help: 'Esc leaves it as it was',
    submit: 'keep',
    check: (v) => (v.trim() === '' ? 'Subject: type one (new mail needs a subject)' : null),
    apply: (v) => void (c.letter.subject = v.trim()),
  });
}

function attachStep(f: Flow, c: Composer): void {
  step(f, c, {
    title: `Attach a file to ${c.title}`,
    initial: '',
    help: `its path: ~/… or from ${sanitize(process.cwd())}`,
    submit: 'attach',
    check: (v) => {
      if (v.trim() === '') return null;
      const r = attachFile(v);
      return r.ok ? filesProblem([...c.letter.files, r.file]) : r.error;
    },
    apply: (v) => {
      if (v.trim() === '') return;
      const r = attachFile(v);
      if (r.ok) c.letter.files = [...c.letter.files, r.file];
    },
  });
}
