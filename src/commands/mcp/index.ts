/**
 * `inboard mcp`: the boards for AI assistants, as an MCP server over stdio
 * on the server inboard is configured for (flags > environment > config
 * file; the embedded service when none is named), through the same client
 * as the board and the scriptable commands.
 */
import { COMMON_HELP, parse, positionals, within } from '../args.js';
import { helpRequested, withClient } from '../session.js';
import { TOOLS, toolsFor } from './tools.js';

/** The writing tools' names, in lines under the flag that leaves them out. */
function writingTools(indent: string, width = 76): string {
  const lines: string[] = [];
  for (const name of TOOLS.filter((t) => t.effect !== 'read').map((t) => t.name)) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] ?? '').length + name.length + 2 <= width) lines[last] += `, ${name}`;
    else lines.push(`${indent}${name}`);
  }
  return lines.join(',\n');
}

export const MCP_HELP = `Usage: inboard mcp [--read-only] [options]

Serves inboard's boards to an AI assistant over the Model Context Protocol,
on stdin and stdout (an MCP client starts it; it is not for a terminal). It
talks to the server inboard is configured for, like every command: --url,
INBOARD_URL or the config file, with its API key; none: the embedded local
service.

  --read-only   offer only the tools that read; leaves out
${writingTools('                ')}

Client configuration (e.g. Claude Desktop's claude_desktop_config.json):
  {"mcpServers": {"inboard": {"command": "inboard", "args": ["mcp"],
    "env": {"INBOARD_URL": "https://…", "INBOARD_API_KEY": "…"}}}}

${COMMON_HELP.replace(/ {2}--json[^\n]*\n(?: {18}[^\n]*\n)*/, '')}`;

export async function mcp(argv: string[]): Promise<number> {
  return within('mcp', async () => {
    const { values, positionals: rest } = parse(argv, { 'read-only': { type: 'boolean' } });
    if (helpRequested(values, MCP_HELP)) return 0;
    positionals(rest, []);
    const secrets = [values['api-key'], process.env.INBOARD_API_KEY].filter(
      (k): k is string => k !== undefined && k !== '',
    );
    const tools = toolsFor(values['read-only'] === true);
    return withClient(values, async (client, conn) => {
      process.stderr.write(`inboard mcp: ${tools.length} tools on ${conn.backend}, over stdio\n`);
      await (await import('./server.js')).serve(client, { tools, secrets });
      return 0;
    });
  });
}
