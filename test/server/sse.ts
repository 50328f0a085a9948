/** Reading a Server-Sent Events stream in tests: each event as the server framed it. */
import { request } from 'undici';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The next event (comments skipped); null once the stream ended. */
  next(): Promise<SseEvent | null>;
  /** Every comment line seen so far (heartbeats). */
  comments: string[];
  close(): void;
}

export async function openSse(url: string, key: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const ac = new AbortController();
  const res = await request(url, { headers: { authorization: key, ...headers }, signal: ac.signal });
  const decoder = new TextDecoder();
  const it = res.body[Symbol.asyncIterator]();
  let buffer = '';
  const comments: string[] = [];
  const parse = (block: string): SseEvent | undefined => {
    const e: SseEvent = { id: undefined, event: undefined, data: '' };
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(': ');
      const field = line.slice(0, colon);
      const value = line.slice(colon + 2);
      if (field === 'id') e.id = value;
      else if (field === 'event') e.event = value;
      else if (field === 'data') e.data += value;
      else continue;
      any = true;
    }
    return any ? e : undefined;
  };
  return {
    status: res.statusCode,
    headers: res.headers,
    comments,
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e = parse(block);
          if (e !== undefined) return e;
          continue;
        }
        let chunk;
        try {
          chunk = await it.next();
        } catch {
          return null;
        }
        if (chunk.done === true) return null;
        buffer += decoder.decode(chunk.value as Buffer, { stream: true });
      }
    },
    close: () => ac.abort(),
  };
}
