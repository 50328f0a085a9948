/**
 * `inboard serve` stopping on SIGTERM: open event streams end with a retry
 * hint (SSE `retry:`), a request in progress is answered before the process
 * exits 0, and a second signal exits at once. The process, as run.
 */
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, spawnServe, type Child } from '../process.js';

const KEY = 'stop-test-key-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'inboard-stop-'));
const children: Child[] = [];
let n = 0;

const serve = async () => {
  const c = await spawnServe(['--db', join(dir, `stop-${++n}.db`), '--api-key', KEY]);
  children.push(c);
  return c;
};
afterAll(() => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const waitFor = async (what: () => boolean, label: string) => {
  const end = Date.now() + 30_000;
  while (!what()) {
    if (Date.now() > end) throw new Error(`waited in vain for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A POST whose body is only begun: the request stays in progress until `finish`. */
/**
 * A request in progress: its headers sent with `Expect: 100-continue`, so the
 * server's "100 Continue" says it has read them and holds the request (`held`),
 * then the first bytes of its body; `finish` sends the rest.
 */
function halfSent(
  url: string,
  body: string,
): { socket: Socket; held: Promise<void>; answer: () => string; finish: () => void } {
  const u = new URL(url);
  const socket = connect(Number(u.port), u.hostname);
  let got = '';
  socket.on('error', () => undefined);
  const held = new Promise<void>((resolve) => {
    socket.on('data', (d: Buffer) => {
      got += d.toString();
      if (/^HTTP\/1\.1 100/.test(got)) {
        got = got.replace(/^HTTP\/1\.1 100[^\r\n]*\r\n\r\n/, '');
        socket.write(body.slice(0, 5));
        resolve();
      }
    });
  });
  socket.write(
    `POST /v2/board HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: ${KEY}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  return { socket, held, answer: () => got, finish: () => socket.write(body.slice(5)) };
}

describe('serve stopping', () => {
  it('ends event streams with a retry hint and answers the request in progress, then exits 0', async () => {
    const s = await serve();
    const stream = await request(`${s.url}/v2/events`, { headers: { authorization: KEY } });
    let seen = '';
    const ended = (async () => {
      for await (const chunk of stream.body) seen += (chunk as Buffer).toString();
    })();
    await waitFor(() => seen.includes(': live'), 'the stream live');
    const body = JSON.stringify({ Name: 'Made while stopping' });
    const req = halfSent(s.url, body);
    await req.held;
    s.proc.kill('SIGTERM');
    await ended;
    expect(seen).toMatch(/\nretry: 2000\n\n$/);
    await waitFor(() => s.stderr().includes('SIGTERM: stopping'), 'stopping said');
    req.finish();
    await waitFor(() => req.answer().includes('\r\n\r\n{'), 'the answer');
    expect(req.answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(req.answer()).toContain('Made while stopping');
    expect(await exited(s.proc)).toBe(0);
    expect(s.stderr()).toContain('inboard serve: stopped\n');
  }, 60_000);

  it('exits at once on a second signal', async () => {
    const s = await serve();
    const req = halfSent(s.url, JSON.stringify({ Name: 'Never finished' }));
    await req.held;
    s.proc.kill('SIGTERM');
    await waitFor(() => s.stderr().includes('SIGTERM: stopping'), 'stopping said');
    // The first stop waits for the request in progress; the second signal does not.
    expect(s.proc.exitCode).toBe(null);
    s.proc.kill('SIGINT');
    expect(await exited(s.proc)).toBe(1);
    expect(s.stderr()).toContain('SIGINT again, exiting now');
    req.socket.destroy();
  }, 60_000);
});
