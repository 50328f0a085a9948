// Ink renders differently when CI=true (is-in-ci): tests see what users see.
delete process.env.CI;
process.env.FORCE_COLOR = '0';
// Drafts and other state go to a temp dir, never the real home (children inherit it).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
process.env.INBOARD_STATE_DIR ??= mkdtempSync(join(tmpdir(), 'inboard-state-'));
// The tests' processes reach nothing but loopback: no need of the machine's extra CA certificates,
// which Node otherwise reads and parses as each process starts (about 50 ms each, for hundreds of CLIs).
delete process.env.NODE_EXTRA_CA_CERTS;
// The code caches of the CLIs the tests start go to the run's own dir (test/global-setup.ts), never the user's.
if (process.env.INBOARD_TEST_CACHE_DIR !== undefined)
  process.env.INBOARD_CACHE_DIR ??= process.env.INBOARD_TEST_CACHE_DIR;

// Property and fuzz tests take the run's seed (test/global-setup.ts chose and printed it).
import fc from 'fast-check';
if (process.env.FC_SEED !== undefined) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });
