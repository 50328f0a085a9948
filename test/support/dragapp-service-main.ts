/**
 * The DragApp stand-in on its own, for trying a build against it by hand:
 *   node --import tsx test/support/dragapp-service-main.ts [--port N]
 * Prints one line, `listening URL KEY`, once it accepts connections; stays up
 * until SIGTERM or SIGINT.
 */
import { startDragAppService } from './dragapp-service.js';

const i = process.argv.indexOf('--port');
const port = i < 0 ? 0 : Number(process.argv[i + 1]);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write('--port: not a port\n');
  process.exit(2);
}
const svc = await startDragAppService({ port });
process.stdout.write(`listening ${svc.url} ${svc.key}\n`);
const stop = () => void svc.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
