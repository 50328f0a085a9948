/**
 * The MCP server over stdio: the SDK's McpServer with the tool table
 * registered, each call run over the one client of this process. stdout is
 * the protocol's alone; waits and resends are told on stderr. The SDK is
 * imported here, lazily (only `inboard mcp` loads it).
 */
import { z } from 'zod';
import pkg from '../../../package.json' with { type: 'json' };
import type { Client } from '../../api/types.js';
import { failureText } from './failure.js';
import { annotations, type Tool } from './tool.js';

export interface ServeOptions {
  readonly tools: readonly Tool[];
  /** Keys this process was given, taken out of any text it answers. */
  readonly secrets: readonly string[];
  readonly input?: NodeJS.ReadableStream;
}

const INSTRUCTIONS = `inboard's boards: a shared inbox run as kanban boards. Start with list_boards, then list_columns and list_cards_in_column. Card ids are strings: pass them exactly as given. Writing tools change what the team sees at once; reply_to_thread emails people outside: confirm with the user first.`;

interface CallResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

async function call(
  client: Client,
  t: Tool,
  input: Record<string, unknown>,
  secrets: readonly string[],
): Promise<CallResult> {
  try {
    // Parsed by the tool's own output shape: exactly the keys its outputSchema names.
    const out = z.object(t.output).parse(await t.run({ client }, input));
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
  } catch (e) {
    return { content: [{ type: 'text', text: failureText(t.name, input, e, secrets) }], isError: true };
  }
}

type Transport = Pick<import('@modelcontextprotocol/sdk/server/stdio.js').StdioServerTransport, 'onmessage' | 'send'>;

/** Counts the requests read and not yet answered; the function returned resolves once none is left. */
function unanswered(t: Transport): () => Promise<void> {
  const open = new Set<string | number>();
  let idle: (() => void) | undefined;
  const read = t.onmessage;
  t.onmessage = (m) => {
    if ('method' in m && 'id' in m) open.add(m.id);
    read?.(m);
  };
  const send = t.send.bind(t);
  t.send = async (m) => {
    await send(m);
    if (!('method' in m) && 'id' in m && m.id !== undefined) open.delete(m.id);
    if (open.size === 0) idle?.();
  };
  return () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve)));
}

/** Serves until the client closes stdin (or the process is told to stop). */
export async function serve(client: Client, o: ServeOptions): Promise<void> {
  const [{ McpServer }, { StdioServerTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const server = new McpServer(
    { name: 'inboard', title: 'inboard', version: pkg.version },
    { instructions: INSTRUCTIONS },
  );
  for (const t of o.tools) {
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        // Strict: an argument the tool doesn't have (a misspelt or another server's name) is refused by name, not dropped.
        inputSchema: z.strictObject(t.input),
        outputSchema: t.output,
        annotations: annotations(t),
      },
      (args: Record<string, unknown>) => call(client, t, args, o.secrets),
    );
  }
  client.onBackoff = (b) =>
    void process.stderr.write(`inboard mcp: ${b.reason}; trying again in ${Math.ceil(b.waitMs / 1000)} s\n`);
  const input = o.input ?? process.stdin;
  const done = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    input.once('end', resolve);
    input.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const answered = unanswered(transport);
  await done;
  // A client that writes its requests and closes stdin still gets every answer.
  await answered();
  await server.close();
}
