/**
 * A page of cards gzipped for a client that asks (Accept-Encoding), the
 * same bytes as without once unzipped; never for one that doesn't, or that
 * refuses gzip with q=0. `Vary` tells caches the two apart.
 */
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../src/server/routes/boards.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

async function page(acceptEncoding?: string) {
  const res = await request(`${s.url}/v2/board/1/column/1/cards?page=1`, {
    headers: { authorization: s.key, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
  return { headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) };
}

describe('GET a column’s cards, compressed', () => {
  it('is gzip when asked, and unzips to the very bytes sent without it', async () => {
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const ask of ['gzip', 'gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const zipped = await page(ask);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    }
  });

  it('is plain for a client that refuses gzip or asks for another coding only', async () => {
    for (const ask of ['gzip;q=0', 'br', 'identity']) {
      const r = await page(ask);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(r.bytes.toString('utf8')).data.length).toBeGreaterThan(0);
    }
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0.0')).toBe(false);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
