/**
 * Several servers in one config file: `"profiles": {"work": {"url": …,
 * "apiKey": …}, "own": {}}`, one chosen by `--profile NAME`, INBOARD_PROFILE
 * or `"defaultProfile"`. A chosen profile is the whole connection — its url,
 * its key (`apiKey`, or `apiKeyFile` read now), its `insecure` — never mixed
 * with the file's top-level ones (a key must not go to another server); one
 * without a url is the embedded service. Without a profile the top-level
 * settings work as they always have.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { ConfigFile } from './file-schema.js';

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

/** The file as the connection sees it once a profile is chosen: its url, key and insecure in place of the top level's. */
export interface ProfileView {
  file: ConfigFile | null;
  /** The profile in use, or null. */
  profile: string | null;
  /** Where the key came from when it was read from `apiKeyFile`. */
  keyFile: string | null;
}

export function applyProfile(
  file: ConfigFile | null,
  filePath: string,
  chosen: { flag?: string | undefined; env?: string | undefined },
): ProfileView {
  const named = [
    { name: chosen.flag?.trim(), from: '--profile' },
    { name: chosen.env?.trim(), from: 'INBOARD_PROFILE' },
    { name: file?.defaultProfile?.trim(), from: `"defaultProfile" in ${filePath}` },
  ].find((c) => c.name !== undefined && c.name !== '');
  if (named === undefined) return { file, profile: null, keyFile: null };
  const name = named.name as string;
  const profiles = file?.profiles ?? {};
  const p = profiles[name];
  if (p === undefined) {
    const known = Object.keys(profiles);
    throw new ProfileError(
      `${named.from} names the profile "${name}", which the config file ${filePath} doesn't have` +
        (known.length === 0 ? ' (it has no "profiles")' : ` (its profiles: ${known.join(', ')})`),
    );
  }
  let apiKey = p.apiKey;
  let keyFile: string | null = null;
  if (p.apiKeyFile !== undefined) {
    keyFile = isAbsolute(p.apiKeyFile) ? p.apiKeyFile : join(dirname(filePath), p.apiKeyFile);
    try {
      apiKey = readFileSync(keyFile, 'utf8').trim();
    } catch (e) {
      throw new ProfileError(
        `"profiles"."${name}"."apiKeyFile" in ${filePath}: cannot read ${keyFile} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      );
    }
    if (apiKey === '') throw new ProfileError(`"profiles"."${name}"."apiKeyFile" in ${filePath}: ${keyFile} is empty`);
  }
  const { url: _u, apiKey: _k, insecure: _i, ...rest } = file ?? {};
  return {
    file: { ...rest, url: p.url, apiKey, insecure: p.insecure, email: p.email ?? file?.email },
    profile: name,
    keyFile,
  };
}
