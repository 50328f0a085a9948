/**
 * How `inboard serve` writes its log on stderr, one line per event:
 * `pretty` (the time, then the words) or `json` (pino's line, as Fastify's
 * own logger writes it: level, time, pid, hostname, msg, and a request's
 * reqId, method, path, status and ms). What the service logs never holds a
 * key, a password or a message's body (server/app.ts).
 */
import { hostname } from 'node:os';

export type LogFormat = 'json' | 'pretty';
export type LogFields = Record<string, string | number>;

/** pino's numbers: 30 info, 40 warn, 50 error. */
const levelOf = (line: string): number => (line.startsWith('error ') ? 50 : line.startsWith('unavailable ') ? 40 : 30);

export function serveLogger(
  format: LogFormat,
  write: (s: string) => void = (s) => void process.stderr.write(s),
): (line: string, fields?: LogFields) => void {
  if (format === 'pretty') return (line) => write(`${new Date().toISOString()} ${line}\n`);
  const host = hostname();
  return (line, fields) =>
    write(
      `${JSON.stringify({ level: levelOf(line), time: Date.now(), pid: process.pid, hostname: host, ...fields, msg: line })}\n`,
    );
}
