/**
 * A minimal Server-Sent Events reader for the benches: one plain HTTP
 * connection per stream (node:http, no agent pooling), calling `onEvent`
 * with each event's id and the time its last byte arrived.
 */
import { request, type ClientRequest } from 'node:http';

export interface Stream {
  /** Resolves once the stream's first bytes (the `: live` comment) have arrived. */
  ready: Promise<void>;
  close(): void;
}

export function openStream(url: string, key: string, onEvent: (id: number, data: string, at: number) => void): Stream {
  let req: ClientRequest | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    req = request(`${url}/v2/events`, { headers: { authorization: key, accept: 'text/event-stream' }, agent: false });
    req.once('error', reject);
    req.once('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /v2/events: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        // The first bytes are the `: live` comment, sent once the stream is subscribed.
        resolve();
        buf += chunk;
        let end: number;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (id !== undefined) onEvent(Number(id), data, at);
        }
      });
      res.on('error', () => undefined);
    });
    req.end();
  });
  return { ready, close: () => req?.destroy() };
}
