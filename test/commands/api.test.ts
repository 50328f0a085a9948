/** `inboard api`: any request with the configured key, body printed safely, status as exit code. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBoard } from '../../src/api/tolerant.js';
import { type CardId } from '../../src/api/read-model.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

interface Envelope<T> {
  message: string;
  error: boolean;
  code: number;
  data: T;
}

describe('inboard api', () => {
  it('GET /v2/board prints the envelope as pretty JSON', async () => {
    const r = await f.run(['api', 'GET', '/v2/board']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\{\n {2}"message"/);
    const body = JSON.parse(r.stdout) as Envelope<unknown>;
    expect(body.error).toBe(false);
    // `api` prints the wire as sent; read the same way, it is the client's board list.
    expect((body.data as unknown[]).map(readBoard)).toEqual(await f.client.listBoards());
  });

  it('GET /v2/nope exits 1 with the server’s message; the body is still printed', async () => {
    const r = await f.run(['api', 'get', 'v2/nope']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('inboard: No such endpoint: GET /v2/nope (404)\n');
    expect((JSON.parse(r.stdout) as Envelope<unknown>).code).toBe(404);
  });

  it('GET fields go in the query string, typed', async () => {
    const r = await f.run(['api', 'GET', '/v2/board/1/column/1/cards', '-F', 'page=2', '--field', 'limit=3']);
    expect(r.code).toBe(0);
    // The wire's numbers, as the client's opaque ids.
    const ids = (JSON.parse(r.stdout) as Envelope<{ ServiceTaskId: number }[]>).data.map((c) =>
      String(c.ServiceTaskId),
    );
    expect(ids).toEqual(readableCards(await f.client.listCards(1, 1, 2, 3)).map((c) => c.ServiceTaskId));
  });

  it('POST fields make a JSON body: numbers stay numbers (the server rejects a string Color)', async () => {
    const r = await f.run(['api', 'POST', '/v2/tag', '-F', 'BoardId=1', '-f', 'Name=ops', '-F', 'Color=2']);
    expect(r.code).toBe(0);
    const created = (JSON.parse(r.stdout) as Envelope<{ Id: number }>).data;
    expect((await f.client.listTags(1)).find((t) => t.Id === created.Id)?.Name).toBe('ops');
    const asString = await f.run(['api', 'POST', '/v2/tag', '-F', 'BoardId=1', '-f', 'Name=ops2', '-f', 'Color=2']);
    expect(asString.code).toBe(1);
    expect(asString.stderr).toMatch(/\(400\)\n$/);
  });

  it('DELETE fields go in the query string', async () => {
    const tag = await f.client.createTag({ BoardId: 1, Name: 'temp', Color: 1 });
    const r = await f.run(['api', 'DELETE', '/v2/tag', '-F', 'BoardId=1', '-F', `TagId=${tag.Id}`]);
    expect(r.code).toBe(0);
    expect((await f.client.listTags(1)).map((t) => t.Id)).not.toContain(tag.Id);
  });

  it('k[]=v builds a list: PUT the tags of a card', async () => {
    const [a, b] = await f.client.listTags(1);
    if (!a || !b) throw new Error('need 2 tags');
    const r = await f.run(['api', 'PUT', '/v2/card/2/tags', '-f', `TagIds[]=${a.Id}`, '-f', `TagIds[]=${b.Id}`]);
    expect(r.code).toBe(0);
    expect((await f.client.getCard('2')).Tags?.map((t) => t.Id).sort()).toEqual([a.Id, b.Id].sort());
  });

  it('--input FILE and --input - send that body', async () => {
    const file = join(f.dir, 'board.json');
    writeFileSync(file, JSON.stringify({ Name: 'From a file' }));
    expect((await f.run(['api', 'POST', '/v2/board', '--input', file])).code).toBe(0);
    expect((await f.run(['api', 'POST', '/v2/board', '--input', '-'], { input: '{"Name": "From stdin"}' })).code).toBe(
      0,
    );
    const names = readableBoards(await f.client.listBoards()).map((b) => b.Name);
    expect(names).toEqual(expect.arrayContaining(['From a file', 'From stdin']));
  });

  describe('-F k=@file', () => {
    /** Cards in the first column of board 1: what a stray POST /v2/card would change. */
    const cardCount = async () => (await f.client.listCards(1, 1, 1, 200)).length;
    const comments = async (cardId: CardId) => ((await f.client.getCard(cardId)).Comments ?? []).map((c) => c.Comment);

    it('sends the file’s text; a number in a file stays a string', async () => {
      const reply = join(f.dir, 'reply.txt');
      writeFileSync(reply, 'Thanks, refunded.\nSam\n');
      const r = await f.run(['api', 'POST', '/v2/comment', '-f', 'CardId=3', '-F', `Body=@${reply}`]);
      expect(r.code).toBe(0);
      // The service trims text fields, so the final newline does not come back.
      expect(await comments('3')).toContain('Thanks, refunded.\nSam');
      const name = join(f.dir, 'name.txt');
      writeFileSync(name, '123');
      // -F Name=123 would send the number 123, which the server refuses for a tag name.
      const tag = await f.run(['api', 'POST', '/v2/tag', '-F', 'BoardId=1', '-F', `Name=@${name}`, '-F', 'Color=1']);
      expect(tag.code).toBe(0);
      expect((await f.client.listTags(1)).map((t) => t.Name)).toContain('123');
    });

    it('@- reads standard input', async () => {
      const r = await f.run(['api', 'POST', '/v2/comment', '-f', 'CardId=3', '-F', 'Body=@-'], {
        input: 'from a pipe\n',
      });
      expect(r.code).toBe(0);
      expect(await comments('3')).toContain('from a pipe');
    });

    it('-f k=@text sends the literal text, reading no file', async () => {
      const r = await f.run(['api', 'POST', '/v2/tag', '-F', 'BoardId=1', '-f', 'Name=@oncall', '-F', 'Color=1']);
      expect(r.code).toBe(0);
      expect((await f.client.listTags(1)).map((t) => t.Name)).toContain('@oncall');
    });

    it('a missing file exits 2 naming the field and the path, and sends nothing', async () => {
      const missing = join(f.dir, 'no-such-title.txt');
      const before = await cardCount();
      const r = await f.run([
        'api',
        'POST',
        '/v2/card',
        '-F',
        'BoardId=1',
        '-F',
        'ColumnId=1',
        '-F',
        `CardTitle=@${missing}`,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--field CardTitle: cannot read '${missing}': no such file`);
      expect(r.stderr).toContain("See 'inboard api --help'.");
      expect(r.stdout).toBe('');
      expect(await cardCount()).toBe(before);
    });

    it.each([
      [['-F', 'CardTitle=@-', '-F', 'Note=@-'], '--field CardTitle=@- and --field Note=@-'],
      [['-F', 'CardTitle=@-', '--input', '-'], '--field CardTitle=@- and --input -'],
    ])('stdin wanted twice %j exits 2 and sends nothing', async (extra, who) => {
      const before = await cardCount();
      const input = '{"BoardId": 1, "ColumnId": 1, "CardTitle": "x"}';
      const r = await f.run(['api', 'POST', '/v2/card', '-F', 'BoardId=1', '-F', 'ColumnId=1', ...extra], { input });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`standard input can be read only once; it is wanted by ${who}`);
      expect(await cardCount()).toBe(before);
    });
  });

  it('control characters are escaped unless --raw', async () => {
    const title = 'csi \x9b2J and \u202eevil';
    const { taskId } = await f.client.createCard({ BoardId: 1, ColumnId: 1, CardTitle: title });
    if (taskId === null) throw new Error('the local service names the card it made');
    const safe = await f.run(['api', 'GET', `/v2/card/${taskId}`]);
    expect(safe.stdout).not.toMatch(/[\x9b\u202e]/);
    expect((JSON.parse(safe.stdout) as Envelope<{ TaskName: string }>).data.TaskName).toBe(title);
    const raw = await f.run(['api', 'GET', `/v2/card/${taskId}`, '--raw']);
    expect(raw.stdout).toContain(title.slice(4, 8)); // exactly as the server sent it
    expect((JSON.parse(raw.stdout) as Envelope<{ TaskName: string }>).data.TaskName).toBe(title);
  });

  it.each([
    [['api', 'GET'], 'missing PATH'],
    [['api', 'GET', 'https://elsewhere.example/v2/board'], 'not a URL'],
    [['api', 'GET', '//elsewhere.example/v2/board'], 'not a URL'],
    [['api', 'POST', '/v2/tag', '-F', 'novalue'], "--field wants key=value, got 'novalue'"],
    [['api', 'G(T', '/v2/board'], "'G(T' is not an HTTP method"],
  ])('usage error %j', async (args, message) => {
    const r = await f.run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("See 'inboard api --help'.");
  });

  it('--input that is not JSON is a usage error', async () => {
    const r = await f.run(['api', 'POST', '/v2/board', '--input', '-'], { input: 'Name=x' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--input (stdin) is not JSON');
  });
});
