/**
 * Writes the MCP tools' tables from their definitions (src/commands/mcp/):
 * the README's between `<!-- mcp-tools:start -->` and `<!-- mcp-tools:end -->`,
 * docs/mcp.md's between `<!-- mcp-tool-table:start -->` and its end. Run
 * with `npm run mcp:readme` after changing a tool;
 * test/commands/mcp/readme.test.ts fails while either is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolGroupsMarkdown, toolTableMarkdown } from '../src/commands/mcp/readme.js';

const ROOT = join(import.meta.dirname, '..');
export const README = join(ROOT, 'README.md');
export const MCP_DOC = join(ROOT, 'docs', 'mcp.md');

const NOTE = '<!-- made from src/commands/mcp/ by npm run mcp:readme; edit the tools, not this -->';

function between(text: string, name: string, body: string, file: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} needs ${start} … ${end}`);
  return `${text.slice(0, from)}${start}\n${NOTE}\n\n${body}\n\n${text.slice(to)}`;
}

/** The README with its tools section made from the tools. */
export const withToolGroups = (readme: string): string =>
  between(readme, 'mcp-tools', toolGroupsMarkdown(), 'README.md');

/** docs/mcp.md with its table made from the tools. */
export const withToolTable = (doc: string): string =>
  between(doc, 'mcp-tool-table', toolTableMarkdown(), 'docs/mcp.md');

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  for (const [file, make] of [
    [README, withToolGroups],
    [MCP_DOC, withToolTable],
  ] as const) {
    const before = readFileSync(file, 'utf8');
    const after = make(before);
    if (after !== before) writeFileSync(file, after);
    console.log(`${file}: ${after === before ? 'up to date' : 'rewritten from the tools'}`);
  }
}
