/**
 * Child process for the drafts-at-a-crash test: the TUI's crash handler
 * installed (as on a real terminal), this run's drafts provided as run.tsx
 * provides them, a prompt holding text — then an error nobody catches.
 * Run with `node --import tsx`; DRAFTS_PATH is where the drafts go.
 */
import { loadDrafts, provideDrafts } from '../../src/ui/drafts.js';
import { enterAlternateScreen } from '../../src/ui/terminal.js';

const drafts = loadDrafts(process.env.DRAFTS_PATH ?? '', 'crash-test');
provideDrafts(drafts);
// The handler is installed only on a terminal; pretend stdout is one.
Object.defineProperty(process.stdout, 'isTTY', { value: true });
enterAlternateScreen();
drafts.hold(() => ({
  kind: 'comment',
  board: 1,
  card: '42',
  label: 'comment on "Refund"',
  fields: { text: 'Typed before the crash' },
}));
setTimeout(() => {
  throw new Error('something broke');
});
