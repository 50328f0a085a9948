/** Draws the open overlay; each kind takes its keys through the key router. */
import type { Shown } from './overlay.js';
import { Pager } from './Pager.js';
import { ReportView } from './ReportView.js';
import { Confirm } from './prompts/Confirm.js';
import { Picker } from './prompts/Picker.js';
import { SearchPrompt } from './prompts/SearchPrompt.js';
import { TextPrompt } from './prompts/TextPrompt.js';
import { Sequences } from './Sequences.js';

/** What takes the screen's whole body (a picker, the search, the sequences) rather than lines at its foot. */
export const coversBody = (o: Shown): boolean =>
  o.kind === 'pick' || o.kind === 'search' || o.kind === 'sequences' || o.kind === 'pager' || o.kind === 'report';

/** Lines a prompt takes at the foot of the screen (pickers take the whole body). */
export function overlayHeight(o: Shown | null, bodyHeight: number): number {
  if (o === null) return 0;
  if (coversBody(o)) return bodyHeight;
  if (o.kind === 'text')
    return (o.multiline ? 4 : 1) + 3 + (o.error ? 1 : 0) + (o.details?.length ?? 0) + (o.below?.length ?? 0);
  if (o.kind === 'confirm') return 3 + (o.details?.length ?? 0);
  return bodyHeight;
}

export function OverlayView({ overlay: o, width, height }: { overlay: Shown; width: number; height: number }) {
  switch (o.kind) {
    case 'text':
      return (
        <TextPrompt
          key={o.key}
          title={o.title}
          initial={o.initial}
          selected={o.selected === true}
          multiline={o.multiline}
          composer={o.composer === true}
          error={o.error}
          busy={o.busy}
          {...(o.busyText !== undefined ? { busyText: o.busyText } : {})}
          {...(o.help !== undefined ? { help: o.help } : {})}
          {...(o.details !== undefined ? { details: o.details } : {})}
          {...(o.below !== undefined ? { below: o.below } : {})}
          {...(o.foot !== undefined ? { foot: o.foot } : {})}
          {...(o.submit !== undefined ? { submit: o.submit } : {})}
          width={width}
          lines={4}
          onSubmit={o.onSubmit}
          onCancel={o.onCancel}
          {...(o.onChange !== undefined ? { onChange: o.onChange } : {})}
          {...(o.onKey !== undefined ? { onKey: o.onKey } : {})}
          {...(o.cursor !== undefined ? { cursor: o.cursor } : {})}
        />
      );
    case 'confirm':
      return (
        <Confirm key={o.key} question={o.question} details={o.details} width={width} onYes={o.onYes} onNo={o.onNo} />
      );
    case 'pick': {
      const { kind: _kind, key, ...picker } = o;
      return <Picker key={key} {...picker} width={width} height={height} />;
    }
    case 'search':
      return (
        <SearchPrompt
          key={o.key}
          title={o.title}
          initial={o.initial}
          width={width}
          height={height}
          onOpen={o.onOpen}
          onCancel={o.onCancel}
        />
      );
    case 'sequences':
      return <Sequences key={o.key} width={width} height={height} onClose={o.onCancel} />;
    case 'pager':
      return <Pager key={o.key} title={o.title} text={o.text} width={width} height={height} onClose={o.onClose} />;
    case 'report':
      return <ReportView key={o.key} width={width} height={height} onClose={o.onClose} />;
  }
}
