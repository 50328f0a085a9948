/** Several servers in one config file: a profile chosen by flag, environment or defaultProfile is the whole connection. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBoardSettings, resolveConfig } from '../../src/config/resolve.js';
import type { ConfigFile } from '../../src/config/file-schema.js';
import { checkConfigText } from '../../src/config/check.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-profiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const filePath = join(dir, 'config.json');
writeFileSync(join(dir, 'work.key'), 'ibk_work_from_file\n');

const file: ConfigFile = {
  url: 'https://top.example.com',
  apiKey: 'ibk_top',
  email: 'me@top.example.com',
  profiles: {
    work: { url: 'https://work.example.com', apiKeyFile: 'work.key' },
    drag: { url: 'https://drag.example.com', apiKey: 'ibk_drag', email: 'me@drag.example.com' },
    own: {},
  },
};

describe('profiles', () => {
  it('without a profile the top-level settings work as before', () => {
    expect(resolveConfig({ env: {}, file, filePath })).toMatchObject({
      url: 'https://top.example.com',
      apiKey: 'ibk_top',
      profile: null,
    });
  });

  it('--profile picks a server, its key read from apiKeyFile beside the config', () => {
    const r = resolveConfig({ flags: { profile: 'work' }, env: {}, file, filePath });
    expect(r).toMatchObject({
      mode: 'remote',
      url: 'https://work.example.com',
      apiKey: 'ibk_work_from_file',
      profile: 'work',
      keySource: { from: 'file', path: join(dir, 'work.key') },
    });
  });

  it('the flag wins over INBOARD_PROFILE, which wins over defaultProfile', () => {
    const withDefault = { ...file, defaultProfile: 'own' };
    expect(resolveConfig({ env: {}, file: withDefault, filePath })).toEqual({ mode: 'embedded', profile: 'own' });
    expect(resolveConfig({ env: { INBOARD_PROFILE: 'drag' }, file: withDefault, filePath })).toMatchObject({
      profile: 'drag',
      apiKey: 'ibk_drag',
    });
    expect(
      resolveConfig({ flags: { profile: 'work' }, env: { INBOARD_PROFILE: 'drag' }, file: withDefault, filePath }),
    ).toMatchObject({ profile: 'work' });
  });

  it('a profile never borrows the top-level key, and its email is used for assignee:me', () => {
    const noKey: ConfigFile = { ...file, profiles: { bare: { url: 'https://bare.example.com' } } };
    expect(() => resolveConfig({ flags: { profile: 'bare' }, env: {}, file: noKey, filePath })).toThrow(
      /no API key.*the profile "bare"/,
    );
    expect(resolveBoardSettings({ flags: { profile: 'drag' }, env: {}, file, filePath }).email).toBe(
      'me@drag.example.com',
    );
    expect(resolveBoardSettings({ flags: { profile: 'work' }, env: {}, file, filePath }).email).toBe(
      'me@top.example.com',
    );
  });

  it('a profile that doesn’t exist, or a key file that can’t be read, is said naming the setting', () => {
    expect(() => resolveConfig({ flags: { profile: 'home' }, env: {}, file, filePath })).toThrow(
      `--profile names the profile "home", which the config file ${filePath} doesn't have (its profiles: work, drag, own)`,
    );
    expect(() => resolveConfig({ env: {}, file: { ...file, defaultProfile: 'x' }, filePath })).toThrow(
      /"defaultProfile" in/,
    );
    const missing: ConfigFile = { profiles: { w: { url: 'https://w.example.com', apiKeyFile: 'nope.key' } } };
    expect(() => resolveConfig({ flags: { profile: 'w' }, env: {}, file: missing, filePath })).toThrow(
      /"profiles"."w"."apiKeyFile" in .*: cannot read .*nope\.key \(ENOENT\)/,
    );
  });

  it('the file refuses a profile with both a key and a key file, or an unknown field, with its line', () => {
    const r = checkConfigText(
      '{\n  "profiles": {\n    "w": {"apiKey": "a", "apiKeyFile": "b"},\n    "x": {"uri": "https://x"}\n  }\n}',
    );
    expect(r.ok ? [] : r.problems).toEqual([
      'line 3, column 5: "profiles"."w": give apiKey or apiKeyFile, not both',
      'line 4, column 11: "profiles"."x" has a setting inboard doesn’t know: "uri"',
    ]);
  });
});
