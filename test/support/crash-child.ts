/**
 * Child process for the crash-output test: installs the TUI's crash handler
 * (as on a real terminal), then lets a client failure go unhandled, so what
 * the handler prints can be scanned for the key. Run with `node --import tsx`.
 */
import { createClient } from '../../src/api/client.js';
import { enterAlternateScreen } from '../../src/ui/terminal.js';

const url = process.env.CRASH_URL ?? '';
const key = process.env.CRASH_KEY ?? '';
// The handler is installed only on a terminal; pretend stdout is one.
Object.defineProperty(process.stdout, 'isTTY', { value: true });
enterAlternateScreen();
const client = createClient({ baseUrl: url, apiKey: key, maxAttempts: 1 });
void client.listBoards(); // rejected and never caught: the crash handler's case
