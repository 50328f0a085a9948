/**
 * Mail sent by a machine, not a person (RFC 3834 and what mail systems
 * write in practice): an auto-reply, a bounce, a list's bulk mail. It is
 * imported like any mail but marked, and nothing inboard does ever answers
 * one by itself — answering an auto-reply automatically is how mail loops
 * start. inboard sends nothing by itself today; whatever it ever sends by
 * itself must carry `Auto-Submitted: auto-replied` (RFC 3834 §5).
 */

type HeaderValue = unknown;

/** mailparser gives a header as text, or as an object with `value` (structured) or `text` (addresses). */
const text = (v: HeaderValue): string => {
  if (typeof v === 'string') return v;
  if (v !== null && typeof v === 'object') {
    const o = v as { value?: unknown; text?: unknown };
    if (typeof o.value === 'string') return o.value;
    if (typeof o.text === 'string') return o.text;
  }
  return '';
};

/**
 * Why this message counts as automatic, in words, or null. `headers` is
 * mailparser's (lower-case names); `returnPath` the raw Return-Path line's
 * value where there was one.
 */
export function automaticReason(headers: ReadonlyMap<string, HeaderValue>, fromAddress: string): string | null {
  const auto = text(headers.get('auto-submitted')).trim().toLowerCase();
  if (auto !== '' && auto.split(';')[0]?.trim() !== 'no') return `Auto-Submitted: ${auto}`;
  const precedence = text(headers.get('precedence')).trim().toLowerCase();
  if (['bulk', 'junk', 'list'].includes(precedence)) return `Precedence: ${precedence}`;
  if (/^mailer-daemon@/i.test(fromAddress) || /^postmaster@/i.test(fromAddress))
    return `sent by ${fromAddress.split('@')[0]}`;
  if (headers.has('return-path')) {
    const rp = text(headers.get('return-path')).trim();
    if (rp === '' || rp === '<>') return 'empty Return-Path (a bounce)';
  }
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return 'X-Autoreply';
  return null;
}
