/** The README's and docs/mcp.md's tool tables are the tools': this fails when a tool changed and `npm run mcp:readme` was not run. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCP_DOC, README, withToolGroups, withToolTable } from '../../../scripts/readme-mcp.js';
import { TOOLS } from '../../../src/commands/mcp/tools.js';

describe('the MCP tools in the docs', () => {
  it('are what the tool table makes (run `npm run mcp:readme` to bring them up to date)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withToolGroups(readme));
    const doc = readFileSync(MCP_DOC, 'utf8');
    expect(doc).toBe(withToolTable(doc));
  });

  it('name every tool, its description in docs/mcp.md, the writing ones marked in the README', () => {
    const readme = readFileSync(README, 'utf8');
    const doc = readFileSync(MCP_DOC, 'utf8');
    for (const t of TOOLS) {
      expect(readme).toContain(`\`${t.name}\`${t.effect === 'read' ? ' ' : ' ✎'}`);
      expect(doc).toContain(t.description.replace(/\|/g, '\\|'));
    }
  });
});
