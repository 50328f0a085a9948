/**
 * The tools as Markdown, made from the table (tools.ts): a line per group for
 * the README (✎ marks what --read-only leaves out) and a row per tool for
 * docs/mcp.md. scripts/readme-mcp.ts writes both; a test fails while either
 * is stale.
 */
import { TOOLS } from './tools.js';
import type { Group, Tool } from './tool.js';

const GROUPS: readonly Group[] = ['Boards', 'Cards', 'On a card', 'Tags', 'Email', 'Search'];

const esc = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const mark = (t: Tool) => (t.effect === 'read' ? '' : ' ✎');

/** The README's table: the groups, their tools, the writing ones marked. */
export function toolGroupsMarkdown(tools: readonly Tool[] = TOOLS): string {
  const rows = GROUPS.map((g) => [g, tools.filter((t) => t.group === g)] as const)
    .filter(([, ts]) => ts.length > 0)
    .map(([g, ts]) => `| ${g} | ${ts.map((t) => `\`${t.name}\`${mark(t)}`).join(' · ')} |`);
  return ['| | Tools (✎ changes the boards: left out by `--read-only`) |', '|---|---|', ...rows].join('\n');
}

/** `cardId`, `page?`: the input's names, optional ones marked. */
const inputOf = (t: Tool) =>
  Object.entries(t.input)
    .map(([k, s]) => `\`${k}${s._zod.optin === 'optional' ? '?' : ''}\``)
    .join(' ') || '—';

const effectOf = (t: Tool) =>
  t.effect === 'read'
    ? 'reads'
    : `${t.effect === 'destructive' ? 'destructive' : 'writes'}${t.idempotent ? ', idempotent' : ''}${t.openWorld === true ? ', reaches outside' : ''}`;

/** docs/mcp.md's table: every tool, its input, what it does to the server and its description. */
export function toolTableMarkdown(tools: readonly Tool[] = TOOLS): string {
  return [
    '| Tool | Input (`?` optional) | Effect | What it does |',
    '|---|---|---|---|',
    ...tools.map((t) => `| \`${t.name}\` | ${inputOf(t)} | ${effectOf(t)} | ${esc(t.description)} |`),
  ].join('\n');
}
