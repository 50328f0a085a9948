/**
 * A key of your commands pressed: y/n first when the command asks for it,
 * then the command once per card (the focused one, or each selected card in
 * board order; once for a board command), one after another, and what it
 * said — its first line in the status bar, all of it in the pager, or just
 * "done" — or, when it failed, why, in the status bar.
 */
import type { CardId } from '../../api/read-model.js';
import { DEFAULT_TIMEOUT_SECONDS, type UserCommand } from '../../config/command-schema.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { Flow } from '../flows/flow.js';
import { runShell, type ShellOutcome } from './shell.js';
import { commandEnv, missingValues, shellScript } from './template.js';
import { boardValues, cardInput, type CardInput } from './values.js';

/** The most of a command's stderr the status bar is given. */
const STDERR_SHOWN = 300;

interface Ran {
  /** The card it ran on; null for a board command. */
  readonly id: CardId | null;
  readonly input: CardInput;
  readonly outcome: ShellOutcome;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function titleOf(f: Flow, id: CardId): string {
  const s = f.store.getState();
  return s.view.cards.get(id)?.title ?? (s.detail?.cardId === id ? s.detail.data?.TaskName : undefined) ?? '';
}

/** `card 42 “Refund…”`, for the status bar. */
const cardWords = (f: Flow, id: CardId): string => `card ${sanitize(id)} “${truncate(sanitize(titleOf(f, id)), 30)}”`;

/** What a command wrote on stderr, as one line of words. */
export function stderrWords(stderr: string): string {
  const words = sanitize(stderr.replace(/\s+/g, ' ').trim());
  return words === '' ? 'it wrote nothing on stderr' : truncate(words, STDERR_SHOWN);
}

/** The first line of what it wrote, or null when it wrote nothing. */
export function firstLine(stdout: string): string | null {
  const line = stdout.split('\n').find((l) => l.trim() !== '');
  return line === undefined ? null : sanitize(line.trim());
}

/** Why a run failed, in words; null when it succeeded. */
export function failureWords(o: ShellOutcome, timeoutSeconds: number): string | null {
  switch (o.kind) {
    case 'exited':
      return o.code === 0 ? null : `failed (exit ${o.code}): ${stderrWords(o.stderr)}`;
    case 'signalled':
      return `ended by ${o.signal}: ${stderrWords(o.stderr)}`;
    case 'timedOut':
      return `stopped after ${timeoutSeconds} s without finishing ("timeoutSeconds" gives it longer)`;
    case 'failed':
      return `could not be started: ${sanitize(o.message)}`;
  }
}

const stdoutOf = (o: ShellOutcome): string => (o.kind === 'failed' ? '' : o.stdout);

function report(f: Flow, cmd: UserCommand, ran: readonly Ran[]): void {
  const title = sanitize(cmd.title);
  const seconds = cmd.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const failed = ran
    .map((r) => ({ r, why: failureWords(r.outcome, seconds) }))
    .filter((x): x is { r: Ran; why: string } => x.why !== null);
  const first = failed[0];
  if (first !== undefined) {
    const on = ran.length > 1 && first.r.id !== null ? ` on ${cardWords(f, first.r.id)}` : '';
    const more = ran.length > 1 ? ` (${failed.length} of ${plural(ran.length, 'card')} failed)` : '';
    return f.store.getState().sayError(`${title}${on} ${first.why}${more}`);
  }
  const unread = ran.find((r) => r.input.threadError !== null);
  const note =
    unread === undefined ? '' : ` (its thread could not be read, so its stdin was empty: ${unread.input.threadError})`;
  const cut = ran.some((r) => r.outcome.kind !== 'failed' && r.outcome.cut);
  const count = ran.length > 1 ? ` for ${plural(ran.length, 'card')}` : '';
  if (cmd.output === 'pager') {
    const text = ran
      .map((r) =>
        ran.length > 1 && r.id !== null ? `── ${cardWords(f, r.id)} ──\n${stdoutOf(r.outcome)}` : stdoutOf(r.outcome),
      )
      .join('\n');
    const key = f.overlays.show({
      kind: 'pager',
      title: `${title}${count}${cut ? ' (output cut at 1 MB)' : ''}`,
      text: sanitize(text, { multiline: true }),
      onClose: () => f.overlays.close(key),
    });
    // In place of "running…".
    return f.notify(`${title}: done${count}${note}`);
  }
  const line = cmd.output === 'none' ? null : firstLine(stdoutOf(ran[0]!.outcome));
  f.notify(`${title}: ${line ?? 'done'}${count}${note}`);
}

async function execute(f: Flow, cmd: UserCommand, ids: readonly CardId[] | null): Promise<void> {
  const title = sanitize(cmd.title);
  f.notify(`${title}: running…`);
  const inputs: { id: CardId | null; input: CardInput }[] =
    ids === null
      ? [{ id: null, input: { values: boardValues(f.store.getState()), stdin: '', threadError: null } }]
      : await Promise.all(ids.map(async (id) => ({ id, input: await cardInput(f.store, id) })));
  // A value it needs that a card doesn't have: nothing runs, rather than a command given an empty one.
  const lacking = inputs.map((x) => ({ ...x, missing: missingValues(cmd.run, x.input.values) }));
  const short = lacking.find((x) => x.missing.length > 0);
  if (short !== undefined) {
    const who = short.id === null ? 'this board' : cardWords(f, short.id);
    const what = short.missing.map((n) => `{{${n}}}`).join(', ');
    const others = lacking.filter((x) => x.missing.length > 0).length - 1;
    return f.store
      .getState()
      .sayError(
        `${title} not run: ${who} has no ${what}${others > 0 ? ` (nor ${plural(others, 'other card')})` : ''} — the server didn’t give it`,
      );
  }
  const script = shellScript(cmd.run);
  const timeoutMs = (cmd.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const ran: Ran[] = [];
  for (const { id, input } of inputs)
    ran.push({
      id,
      input,
      outcome: await runShell({ script, env: commandEnv(input.values), stdin: input.stdin, timeoutMs }),
    });
  report(f, cmd, ran);
}

/** Runs the command on the cards (null: a board command), asking y/n first when it says so. */
export function runUserCommand(f: Flow, cmd: UserCommand, ids: readonly CardId[] | null): void {
  const go = () => {
    execute(f, cmd, ids).catch((e: unknown) =>
      f.store
        .getState()
        .sayError(`${sanitize(cmd.title)} could not run: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  if (cmd.confirm !== true) return go();
  const on =
    ids === null
      ? 'on this board'
      : ids.length === 1
        ? `on “${truncate(sanitize(titleOf(f, ids[0]!)), 40)}”`
        : `on the ${ids.length} selected cards`;
  const key = f.overlays.show({
    kind: 'confirm',
    question: `Run “${sanitize(cmd.title)}” ${on}?`,
    details: [`$ ${sanitize(cmd.run)}`],
    onNo: () => f.overlays.close(key),
    onYes: () => {
      f.overlays.close(key);
      go();
    },
  });
}
