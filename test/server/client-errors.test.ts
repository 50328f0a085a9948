/**
 * Requests Node's HTTP parser refuses before the routes see them are
 * answered in the envelope too: headers over 16 KB (431) and an unknown
 * method (405), as `inboard api FOO /v2/board` sends.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

/** A raw request on a fresh socket; the whole answer as text. */
function raw(text: string): Promise<string> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(port), hostname, () => sock.write(text));
    let got = '';
    sock.on('data', (d) => (got += d.toString()));
    sock.on('end', () => resolve(got));
    sock.on('error', reject);
  });
}
const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('refusals before routing', () => {
  it('a 36 KB query string: 431 in the envelope', async () => {
    const r = await s.call('GET', `/v2/card/1?page=${'%E6%BC%A2'.repeat(4000)}`);
    expect(r.status).toBe(431);
    expect(r.json).toEqual({
      message: 'The request line and headers are over 16 KB: send long parameters in a JSON body',
      error: true,
      code: 431,
    });
  });

  it('an unknown method: 405 in the envelope', async () => {
    const answer = await raw(`FOO /v2/board HTTP/1.1\r\nHost: x\r\nAuthorization: ${s.key}\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 405 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({
      message: 'Unknown HTTP method: this service answers GET, POST, PUT and DELETE',
      error: true,
      code: 405,
    });
  });

  it('garbage instead of HTTP: a 4xx in the envelope', async () => {
    const answer = await raw('GET /v2/board HTTP/1.1\r\nHost x\r\n\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(bodyOf(answer)).toMatchObject({ error: true, code: status, message: expect.any(String) });
  });
});
