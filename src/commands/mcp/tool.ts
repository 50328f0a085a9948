/**
 * A tool of `inboard mcp` as data: its name, words for the assistant, the
 * zod shapes of its input and output, what it does to the server (the
 * protocol's annotations follow from `effect`), and `run` over the client.
 * server.ts registers the table (tools.ts); the README's tools table is
 * made from the same entries (readme.ts).
 */
import { type z } from 'zod';
import type { Client } from '../../api/types.js';

/** What a call does to the server. Read: nothing; write: a change; destructive: one that can't simply be re-done (archive, an email sent). */
export type Effect = 'read' | 'write' | 'destructive';

/** The README groups tools by these. */
export type Group = 'Boards' | 'Cards' | 'On a card' | 'Tags' | 'Email' | 'Search';

/** What a tool's run gets besides its input. */
export interface ToolContext {
  readonly client: Client;
}

export interface ToolDef<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly group: Group;
  /** What an assistant needs to call it right: what the ids are, what the call changes. */
  readonly description: string;
  readonly input: I;
  readonly output: O;
  readonly effect: Effect;
  /** Calling it twice with the same input leaves the server as once. */
  readonly idempotent: boolean;
  /** It reaches beyond the boards (an email sent to people outside). */
  readonly openWorld?: boolean;
  /** The answer, in the output's shape. A failure throws; server.ts makes it an `isError` result. */
  run(ctx: ToolContext, input: z.output<z.ZodObject<I>>): Promise<z.input<z.ZodObject<O>>>;
}

/** A tool of the table, its shapes erased. */
export type Tool = ToolDef<z.ZodRawShape, z.ZodRawShape>;

/** Checks a definition against its own shapes, then files it in the table's one type. */
export const tool = <I extends z.ZodRawShape, O extends z.ZodRawShape>(def: ToolDef<I, O>): Tool => def;

/** The protocol's hints (readOnlyHint, destructiveHint, idempotentHint) of a tool. */
export function annotations(t: Tool): {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
} {
  return {
    title: t.title,
    readOnlyHint: t.effect === 'read',
    destructiveHint: t.effect === 'destructive',
    idempotentHint: t.effect === 'read' || t.idempotent,
    openWorldHint: t.openWorld === true,
  };
}
