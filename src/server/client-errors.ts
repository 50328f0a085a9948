/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers too
 * long, an unknown method, a request too slow): answered in the envelope on
 * the socket itself, then closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorEnvelope } from './errors.js';

/** What Node's parser refused, in words, with the status it means. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'The request line and headers are over 16 KB: send long parameters in a JSON body'];
  if (code === 'HPE_INVALID_METHOD')
    return [405, 'Unknown HTTP method: this service answers GET, POST, PUT and DELETE'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive'];
  return [400, 'The request could not be read as HTTP'];
}

/** Node's `clientError`: an envelope written on the socket, then closed (the connection can't be trusted after a parse error). */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const [status, message] = clientErrorAnswer(err.code);
  const body = JSON.stringify(errorEnvelope(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
