/**
 * What the composer holds besides its text: whom it goes to, its subject,
 * its files. Kept whole in a draft (`fields`: one string each), so Esc, a
 * refusal or the app ending brings all of it back.
 */
import { attachFile, type Attached } from './files.js';

export interface Letter {
  text: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  files: Attached[];
  /**
   * To and Cc were changed from what the service picks for a reply (the
   * customer, and reply-all): only then are they sent. Always set for a
   * forward and new mail, where there is no default.
   */
  toSet: boolean;
  ccSet: boolean;
}

export const emptyLetter = (text = ''): Letter => ({
  text,
  to: [],
  cc: [],
  bcc: [],
  subject: '',
  files: [],
  toSet: false,
  ccSet: false,
});

/** The letter as a draft's fields (the text under `text`, as every draft has it). */
export function letterFields(l: Letter): Record<string, string> {
  return {
    text: l.text,
    ...(l.toSet ? { to: l.to.join(', ') } : {}),
    ...(l.ccSet ? { cc: l.cc.join(', ') } : {}),
    ...(l.bcc.length > 0 ? { bcc: l.bcc.join(', ') } : {}),
    ...(l.subject !== '' ? { subject: l.subject } : {}),
    ...(l.files.length > 0 ? { files: l.files.map((f) => f.path).join('\n') } : {}),
  };
}

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');

/** A draft's fields as a letter again; a file no longer there is left out and named in `gone`. */
export function letterOf(fields: Readonly<Record<string, string>>): { letter: Letter; gone: string[] } {
  const files: Attached[] = [];
  const gone: string[] = [];
  for (const path of (fields.files ?? '').split('\n').filter((p) => p !== '')) {
    const r = attachFile(path);
    if (r.ok) files.push(r.file);
    else gone.push(r.error);
  }
  return {
    letter: {
      text: fields.text ?? '',
      to: list(fields.to),
      cc: list(fields.cc),
      bcc: list(fields.bcc),
      subject: fields.subject ?? '',
      files,
      toSet: fields.to !== undefined,
      ccSet: fields.cc !== undefined,
    },
    gone,
  };
}
