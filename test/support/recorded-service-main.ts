/**
 * The recorded service on its own, for trying a build against it by hand or
 * from another process:
 *   node --import tsx test/support/recorded-service-main.ts [--port N] [--key K] [--host H]
 * Prints exactly one line, `listening http://HOST:PORT`, once it accepts
 * connections; stays up until SIGTERM or SIGINT, then closes and exits 0.
 */
import { startRecordedService } from './recorded-service.js';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  if (v === undefined || v.startsWith('--')) {
    process.stderr.write(`--${name} needs a value\n`);
    process.exit(2);
  }
  return v;
}

const portText = flag('port');
const port = portText === undefined ? 0 : Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`--port: not a port: ${portText}\n`);
  process.exit(2);
}

const svc = await startRecordedService({ port, key: flag('key'), host: flag('host') });
process.stdout.write(`listening ${svc.url}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void svc.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
