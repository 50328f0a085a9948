import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { startService } from '../../src/server/index.js';
import { failure } from '../api/helpers.js';
import { CLI, ROOT, runCli } from '../commands/helpers.js';
import { externalIPv4, recordingServer, runNode, until } from '../support/recording-server.js';
import { ensureEmbeddedKey, readSecretFile, writeSecretFile } from '../../src/config/key-file.js';
import { isLoopbackUrl } from '../../src/config/loopback.js';
import { maskKey } from '../../src/config/mask.js';
import { readConfigFile } from '../../src/config/resolve.js';

const mode = async (p: string) => (await stat(p)).mode & 0o777;
const posix = process.platform !== 'win32';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inboard-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('maskKey', () => {
  it('shows the ends of a normal key only', () => {
    expect(maskKey('abcd0123456789wxyz')).toBe('abcd…wxyz');
  });
  it('masks short keys completely', () => {
    expect(maskKey('short-key')).toBe('••••');
    expect(maskKey('')).toBe('••••');
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    'http://127.0.0.1:8080',
    'http://127.1.2.3/',
    'http://localhost:1',
    'http://LOCALHOST./x',
    'http://[::1]:9',
    'http://[::ffff:127.0.0.1]/',
  ])('%s is loopback', (u) => expect(isLoopbackUrl(u)).toBe(true));
  it.each([
    'http://128.0.0.1',
    'http://10.0.0.1',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
    'http://[::2]',
    'not a url',
    'http://[::ffff:10.0.0.1]',
  ])('%s is not loopback', (u) => expect(isLoopbackUrl(u)).toBe(false));
});

describe.runIf(posix)('secret files', () => {
  it('creates the file 0600 in a 0700 directory', async () => {
    const p = join(dir, 'nested', 'embedded.key');
    await writeSecretFile(p, 'sekret');
    expect(await mode(p)).toBe(0o600);
    expect(await mode(join(dir, 'nested'))).toBe(0o700);
    expect(await readSecretFile(p)).toBe('sekret');
  });

  it('fixes a 0644 file to 0600 when reading it', async () => {
    const p = join(dir, 'embedded.key');
    await writeFile(p, 'sekret\n');
    await chmod(p, 0o644);
    expect(await readSecretFile(p)).toBe('sekret');
    expect(await mode(p)).toBe(0o600);
  });

  it('a missing file reads as null', async () => {
    expect(await readSecretFile(join(dir, 'nope'))).toBeNull();
  });

  it('ensureEmbeddedKey generates once and keeps it; concurrent first starts agree', async () => {
    const p = join(dir, 'data', 'embedded.key');
    const [a, b, c] = await Promise.all([ensureEmbeddedKey(p), ensureEmbeddedKey(p), ensureEmbeddedKey(p)]);
    expect(a).toMatch(/^ibk_[A-Za-z0-9_-]{40,}$/);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await ensureEmbeddedKey(p)).toBe(a);
    expect(await mode(p)).toBe(0o600);
  });

  it('tightens a config file holding a key', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ url: 'https://x.example.com', apiKey: 'k-0123456789abcdef' }));
    await chmod(p, 0o644);
    readConfigFile(p);
    expect(await mode(p)).toBe(0o600);
  });
});

// ---------------------------------------------------------------- the key in flight and in output

const SECRET = 'ibk_SecretsTestKey-0123456789abcdefXYZ';
/** The key or a recognisable piece of it. */
const leaks = (text: string) => text.includes(SECRET) || text.includes(SECRET.slice(4, 24));

describe('the key never shows in ApiError messages', () => {
  /** A hostile or careless server that echoes the credentials it received. */
  const echo = () =>
    recordingServer((req, res) => {
      const auth = String(req.headers.authorization);
      const u = req.url ?? '';
      if (u.includes('/302')) res.writeHead(302, { location: `http://127.0.0.1:1/?key=${auth}` }).end();
      else if (u.includes('/200'))
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: `no ${auth}`, error: true, code: 404 }));
      else if (u.includes('/500'))
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`trace: authorization=${auth}`);
      else
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: `Invalid API key ${auth}`, error: true, code: 401 }));
    });

  it.each(['401', '500', '200', '302'])('a server echoing the key in a %s answer', async (what) => {
    const srv = await echo();
    try {
      const client = createClient({ baseUrl: srv.url, apiKey: SECRET, maxAttempts: 1 });
      const e = await failure(client.getBoard(what as unknown as number));
      expect(e).toBeInstanceOf(ApiError);
      expect(srv.requests.some((r) => r.authorization?.includes(SECRET))).toBe(true); // it did have the key
      expect(e.message).toMatch(/redacted/);
      expect(leaks(inspect(e, { depth: 5 }))).toBe(false);
      expect(leaks((await client.raw('GET', `/${what}`)).body)).toBe(false); // `inboard api` output
    } finally {
      await srv.close();
    }
  });

  it('a 401 from the real service, and network errors', async () => {
    const svc = await startService({ dbPath: join(dir, 's.db'), apiKey: 'the-real-owner-key-0123456789' });
    try {
      const e401 = await failure(createClient({ baseUrl: svc.url, apiKey: SECRET }).listBoards());
      expect(e401).toMatchObject({ status: 401 });
      expect(leaks(`${e401.message} ${inspect(e401, { depth: 5 })}`)).toBe(false);
    } finally {
      await svc.close();
    }
    const refused = await failure(
      createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: SECRET, maxAttempts: 1 }).listBoards(),
    );
    expect(refused).toMatchObject({ kind: 'network' });
    expect(leaks(inspect(refused, { depth: 5 }))).toBe(false);
    const hang = await recordingServer();
    try {
      const timeout = await failure(
        createClient({ baseUrl: hang.url, apiKey: SECRET, maxAttempts: 1, timeoutMs: 100 }).listBoards(),
      );
      expect(timeout).toMatchObject({ kind: 'timeout' });
      expect(leaks(inspect(timeout, { depth: 5 }))).toBe(false);
    } finally {
      await hang.close();
    }
  });
});

describe('plain http:// to a host that is not loopback', () => {
  it('is refused before any connection (MockAgent with net connect disabled)', () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    expect(() => createClient({ baseUrl: 'http://boards.example.com', apiKey: SECRET, dispatcher: agent })).toThrow(
      /Refusing to send the API key over plain http/,
    );
    expect(agent.pendingInterceptors()).toEqual([]);
  });

  const ip = externalIPv4();
  it.runIf(ip !== undefined)(
    'the CLI never connects unless --insecure (a listener on this machine’s own address)',
    async () => {
      const srv = await recordingServer((_req, res) => res.writeHead(401).end(), ip);
      try {
        const env = {
          INBOARD_URL: srv.url,
          INBOARD_API_KEY: SECRET,
          INBOARD_CONFIG_DIR: join(dir, 'cfg'),
          INBOARD_DATA_DIR: join(dir, 'data'),
        };
        const refused = await runCli(['boards'], env);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toMatch(/Refusing to send the API key over plain http:\/\//);
        expect(srv.connections).toBe(0);
        // The same listener does see a client that was allowed: the check above could fail.
        const allowed = await runCli(['boards', '--insecure'], env);
        expect(allowed.code).toBe(1);
        expect(srv.connections).toBeGreaterThan(0);
        expect(leaks(refused.stderr + refused.stdout + allowed.stderr + allowed.stdout)).toBe(false);
      } finally {
        await srv.close();
      }
    },
  );
});

describe('a redirect to another origin never carries the key', () => {
  it('the client does not follow it; the second server sees nothing', async () => {
    const second = await recordingServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"message":"","error":false,"code":200,"data":[]}'),
    );
    const first = await recordingServer((req, res) =>
      res.writeHead(req.method === 'POST' ? 307 : 302, { location: `${second.url}${req.url}` }).end(),
    );
    try {
      const client = createClient({ baseUrl: first.url, apiKey: SECRET });
      expect(await failure(client.listBoards())).toMatchObject({
        status: 302,
        message: expect.stringMatching(/does not follow redirects/),
      });
      expect(await failure(client.createBoard({ Name: 'x' }))).toMatchObject({ status: 307 });
      const cli = await runCli(['boards'], {
        INBOARD_URL: first.url,
        INBOARD_API_KEY: SECRET,
        INBOARD_CONFIG_DIR: join(dir, 'c'),
        INBOARD_DATA_DIR: join(dir, 'd'),
      });
      expect(cli.code).toBe(1);
      const api = await runCli(['api', 'GET', '/v2/board'], {
        INBOARD_URL: first.url,
        INBOARD_API_KEY: SECRET,
        INBOARD_CONFIG_DIR: join(dir, 'c'),
        INBOARD_DATA_DIR: join(dir, 'd'),
      });
      expect(first.requests.length).toBeGreaterThanOrEqual(4);
      expect(second.connections).toBe(0);
      expect(second.requests).toEqual([]);
      expect(leaks(cli.stdout + cli.stderr + api.stdout + api.stderr)).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the key never shows in process output or arguments', () => {
  it('`inboard serve` request logs (good, wrong, Bearer, query-string keys; a write; a 404)', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--db', join(dir, 'serve.db'), '--demo'], {
      env: { PATH: process.env.PATH, NO_COLOR: '1', INBOARD_API_KEY: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<number | null>((r) => child.on('close', r));
    try {
      await until(() => /listening on (\S+)/.test(out), 'serve to listen');
      const url = /listening on (\S+)/.exec(out)![1]!;
      const asKey = (key: string, path = '/v2/board', init: RequestInit = {}) =>
        fetch(`${url}${path}`, {
          ...init,
          headers: { authorization: key, 'content-type': 'application/json', ...init.headers },
        });
      expect((await asKey(SECRET)).status).toBe(200);
      expect((await asKey(`Bearer ${SECRET}`)).status).toBe(200);
      expect((await asKey(`${SECRET}-wrong`)).status).toBe(401);
      expect((await asKey(SECRET, `/v2/board?api_key=${SECRET}`)).status).toBeLessThan(500);
      expect((await asKey(SECRET, '/v2/nope')).status).toBe(404);
      expect(
        (await asKey(SECRET, '/v2/board', { method: 'POST', body: JSON.stringify({ Name: 'logged' }) })).status,
      ).toBe(200);
      await until(() => (err.match(/ \/v2\//g) ?? []).length >= 6, 'six log lines');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(err).toMatch(/GET \/v2\/board 200/);
    expect(leaks(out + err)).toBe(false);
  });

  /**
   * Starts `inboard boards` against a server that never answers and reads its
   * /proc cmdline while it waits. `setup` gets that server's URL and returns
   * the child's environment.
   */
  async function cmdlineWhileWaiting(setup: (url: string) => Promise<Record<string, string>>) {
    const srv = await recordingServer();
    const child = spawn(process.execPath, [CLI, 'boards'], {
      env: { PATH: process.env.PATH, NO_COLOR: '1', INBOARD_DATA_DIR: join(dir, 'data'), ...(await setup(srv.url)) },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((r) => child.on('close', () => r()));
    try {
      await until(() => srv.requests.length > 0, 'the command to send its request');
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
      return { cmdline, auth: srv.requests[0]!.authorization };
    } finally {
      child.kill('SIGKILL');
      await exited;
      await srv.close();
    }
  }

  it.runIf(process.platform === 'linux')('process arguments (ps) with the key from INBOARD_API_KEY', async () => {
    const { cmdline, auth } = await cmdlineWhileWaiting(async (url) => ({
      INBOARD_URL: url,
      INBOARD_API_KEY: SECRET,
      INBOARD_CONFIG_DIR: join(dir, 'none'),
    }));
    expect(auth).toBe(SECRET); // the key was in use…
    expect(cmdline).toMatch(/cli\.js boards/);
    expect(leaks(cmdline)).toBe(false); // …and not in the arguments
  });

  it.runIf(process.platform === 'linux' && posix)(
    'process arguments with the key from a config file; its 0644 is made 0600',
    async () => {
      const cfg = join(dir, 'cfg');
      const path = join(cfg, 'config.json');
      const { cmdline, auth } = await cmdlineWhileWaiting(async (url) => {
        await mkdir(cfg, { recursive: true });
        await writeFile(path, JSON.stringify({ url, apiKey: SECRET }));
        await chmod(path, 0o644);
        return { INBOARD_CONFIG_DIR: cfg };
      });
      expect(auth).toBe(SECRET);
      expect(leaks(cmdline)).toBe(false);
      expect(await mode(path)).toBe(0o600);
    },
  );

  it.runIf(posix)(
    'the embedded service key is created 0600 by the CLI, and an existing 0644 one is tightened',
    async () => {
      const env = { INBOARD_DATA_DIR: join(dir, 'emb'), INBOARD_CONFIG_DIR: join(dir, 'none') };
      const first = await runCli(['boards'], env);
      expect(first.code).toBe(0);
      const keyPath = join(dir, 'emb', 'embedded.key');
      expect(await mode(keyPath)).toBe(0o600);
      expect(await mode(join(dir, 'emb'))).toBe(0o700);
      await chmod(keyPath, 0o644);
      const key = (await readFile(keyPath, 'utf8')).trim();
      expect((await runCli(['boards'], env)).code).toBe(0);
      expect(await mode(keyPath)).toBe(0o600);
      expect(first.stdout + first.stderr).not.toContain(key);
    },
  );

  it('crash output: the TUI crash handler prints the error, never the key', async () => {
    const srv = await recordingServer((req, res) =>
      res
        .writeHead(500, { 'content-type': 'text/plain' })
        .end(`upstream said: bad credentials ${String(req.headers.authorization)}`),
    );
    try {
      const r = await runNode(['--import', 'tsx', join(ROOT, 'test/support/crash-child.ts')], {
        CRASH_URL: srv.url,
        CRASH_KEY: SECRET,
      });
      expect(r.code).toBe(70);
      expect(r.stderr).toMatch(/inboard crashed: ApiError: The server answered 500/);
      expect(srv.requests[0]?.authorization).toBe(SECRET);
      expect(leaks(r.stdout + r.stderr)).toBe(false);
    } finally {
      await srv.close();
    }
  });

  it('--help texts say to prefer the environment or the config file to --api-key', async () => {
    const env = { INBOARD_CONFIG_DIR: join(dir, 'none'), INBOARD_DATA_DIR: join(dir, 'none') };
    const main = await runCli(['--help'], env);
    expect(main.stdout).toMatch(
      /INBOARD_API_KEY\s+or the config file\s+its API key; prefer these to a flag,\s+which other users can see in `ps`/,
    );
    expect((await runCli(['serve', '--help'], env)).stdout).toMatch(/prefer INBOARD_API_KEY: flags show in `ps`/);
    expect((await runCli(['boards', '--help'], env)).stdout).toMatch(
      /prefer INBOARD_API_KEY or the config file, since\s+flags are visible to other users in `ps`/,
    );
  });
});
