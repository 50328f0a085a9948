/** Email sequences: /v2/email-sequence… */
import type { Endpoints } from '../operations.js';
import { parseAs, unwrapMaybeEnvelope } from '../parse.js';
import { SequenceDetailRead, SequenceEntryRead } from '../tolerant.js';
import { seg } from '../wire.js';

export const sequenceEndpoints: Endpoints<'listEmailSequences' | 'getEmailSequence' | 'createEmailSequence'> = {
  async listEmailSequences(w, o) {
    const path = '/v2/email-sequence';
    const { status, json } = await w.call('GET', path, { o });
    const where = { method: 'GET', path };
    const value = unwrapMaybeEnvelope(where, status, json);
    // Documented as one bare entry; the real answer may be an array or an envelope.
    return Array.isArray(value)
      ? parseAs(SequenceEntryRead.array(), value, where, status)
      : [parseAs(SequenceEntryRead, value, where, status)];
  },
  getEmailSequence: (w, id, o) => w.bare(SequenceDetailRead, 'GET', `/v2/email-sequence/${seg(id)}`, { o }),
  createEmailSequence: (w, body, o) =>
    w.extension('createEmailSequence', 'POST', '/v2/email-sequence', () =>
      w.bare(SequenceDetailRead, 'POST', '/v2/email-sequence', { body, o }),
    ),
};
