/**
 * The config's `"commands"`: your own shell commands on a key, in the
 * config file's shape (file-schema.ts) and in the words of its check. What
 * a `{{name}}` in a command's `run` may name lives here too, so the check and
 * the running (src/ui/user-commands/) read one list.
 */
import { z } from 'zod';

/** The values a card command's `run` may name, with what each holds. */
export const CARD_VALUES = {
  id: 'the card’s id, exactly as the server has it',
  title: 'its title',
  board: 'its board’s name',
  column: 'its column’s name',
  from: 'the address its email thread came from (when it has one)',
  url: 'its web address, when the server gives one',
} as const;
export type ValueName = keyof typeof CARD_VALUES;
/** What a board command (`"on": "board"`) may name: there is no card. */
export const BOARD_VALUES: readonly ValueName[] = ['board'];

export const COMMAND_OUTPUTS = ['status', 'pager', 'none'] as const;
export type CommandOutput = (typeof COMMAND_OUTPUTS)[number];
export const COMMAND_ON = ['card', 'board'] as const;

export const DEFAULT_TIMEOUT_SECONDS = 30;
const MAX_TIMEOUT_SECONDS = 3600;

/**
 * A `{{name}}` in a command: letters between double braces, spaces allowed
 * inside. Anything else in braces (`{{.Name}}`, a Go template's) is the
 * command's own text, passed as written.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

export interface Placeholder {
  readonly name: string;
  /** Where it starts and ends in the command's text. */
  readonly start: number;
  readonly end: number;
}

/** Every `{{name}}` of a command's text, in order. */
export function placeholders(run: string): Placeholder[] {
  return [...run.matchAll(PLACEHOLDER)].map((m) => ({
    name: m[1] as string,
    start: m.index,
    end: m.index + m[0].length,
  }));
}

const names = (list: readonly string[]) => list.map((n) => `{{${n}}}`).join(', ');

export const UserCommandSchema = z
  .strictObject({
    key: z
      .string()
      .min(1, { error: 'the key is empty' })
      .describe('The key that runs it: "O", "ctrl+o"… (`inboard keymap` shows the keys taken)'),
    title: z
      .string()
      .trim()
      .min(1, { error: 'the title is empty' })
      .describe('What it does, in a few words: the `?` help and the status bar say it'),
    run: z
      .string()
      .trim()
      .min(1, { error: 'the command is empty' })
      .superRefine((run, ctx) => {
        for (const p of placeholders(run))
          if (!Object.hasOwn(CARD_VALUES, p.name))
            ctx.addIssue({
              code: 'custom',
              message: `{{${p.name}}} is not a value inboard fills in: ${names(Object.keys(CARD_VALUES))}`,
            });
      })
      .describe(
        `A shell command (sh -c). ${names(Object.keys(CARD_VALUES))} are the card's values, passed as quoted variables, never as shell text; the card's email thread is on its stdin`,
      ),
    on: z
      .enum(COMMAND_ON, { error: 'on is "card" (the board, the detail and triage) or "board"' })
      .optional()
      .describe('card (the default: the focused card, or each selected card) or board'),
    confirm: z.boolean().optional().describe('Ask y/n before running it (default false)'),
    output: z
      .enum(COMMAND_OUTPUTS, { error: `output is ${COMMAND_OUTPUTS.join(', ')}` })
      .optional()
      .describe('status (the default: its first line in the status bar), pager (all of it, to scroll) or none'),
    timeoutSeconds: z
      .number({ error: `timeoutSeconds is a number of seconds, above 0 and at most ${MAX_TIMEOUT_SECONDS}` })
      .positive({ error: `timeoutSeconds is a number of seconds, above 0 and at most ${MAX_TIMEOUT_SECONDS}` })
      .max(MAX_TIMEOUT_SECONDS, {
        error: `timeoutSeconds is a number of seconds, above 0 and at most ${MAX_TIMEOUT_SECONDS}`,
      })
      .optional()
      .describe(`Seconds before a command that hasn't finished is stopped (default ${DEFAULT_TIMEOUT_SECONDS})`),
  })
  // Only where the rest is right (zod checks an object whole once its members are).
  .superRefine((c, ctx) => {
    if (c.on !== 'board') return;
    for (const p of placeholders(c.run))
      if (Object.hasOwn(CARD_VALUES, p.name) && !BOARD_VALUES.includes(p.name as ValueName))
        ctx.addIssue({
          code: 'custom',
          path: ['run'],
          message: `{{${p.name}}} names a card, and a board command has none: it can use ${names(BOARD_VALUES)}`,
        });
  });
export type UserCommand = z.infer<typeof UserCommandSchema>;

export const UserCommandsSchema = z
  .array(UserCommandSchema)
  .optional()
  .describe(
    'Your commands: {"key": "O", "title": "open in the browser", "run": "xdg-open https://example.com/{{id}}"}; on, confirm, output and timeoutSeconds as you need',
  );
