/**
 * The SDK's own MCP client over stdio, starting the built `dist/cli.js mcp`
 * as an MCP client application would. Needs a build (`npm run build`).
 */
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, ROOT } from '../helpers.js';

export interface Mcp {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** A tool's structured answer; fails the test with the tool's words when it answered isError. */
  ok<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** A tool's words when it answered isError; fails the test when it did not. */
  fails(name: string, args?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const textOf = (r: object): string =>
  'content' in r && Array.isArray(r.content)
    ? r.content.map((c: { type?: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n')
    : '';

export async function startMcp(env: Record<string, string>, args: string[] = []): Promise<Mcp> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env,
    cwd: ROOT,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const client = new Client({ name: 'inboard-test', version: '0.0.0' });
  await client.connect(transport);
  // Listing first makes the client check every answer against the tool's outputSchema.
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
  return {
    client,
    stderr: () => err,
    async ok<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
      const r = await call(name, args);
      if (r.isError === true) throw new Error(`${name} answered isError: ${textOf(r)}`);
      if (r.structuredContent === undefined) throw new Error(`${name} gave no structuredContent`);
      return r.structuredContent as T;
    },
    async fails(name: string, args: Record<string, unknown> = {}): Promise<string> {
      const r = await call(name, args);
      if (r.isError !== true) throw new Error(`${name} did not fail: ${textOf(r)}`);
      return textOf(r);
    },
    close: () => client.close(),
  };
}
