/**
 * Email sequences: the list, and the one opened with its steps. Reads
 * only, each failure kept beside what failed to load.
 */
import type { EmailSequenceDetail, EmailSequenceEntry } from '../api/schema.js';
import type { Core } from './core.js';

export interface SequencesState {
  readonly items: readonly EmailSequenceEntry[];
  readonly loading: boolean;
  readonly error: string | null;
}

export interface SequenceState {
  readonly id: string;
  readonly data: EmailSequenceDetail | null;
  readonly loading: boolean;
  readonly error: string | null;
}

export interface SequencesData {
  sequences: SequencesState;
  sequence: SequenceState | null;
}

export interface SequenceActions {
  loadSequences(): Promise<void>;
  openSequence(id: string): Promise<void>;
  closeSequence(): void;
}

export function makeSequences(core: Core<SequencesData>): SequenceActions {
  return {
    async loadSequences() {
      core.set({ sequences: { ...core.get().sequences, loading: true, error: null } });
      try {
        const items = await core.client.listEmailSequences();
        core.set({ sequences: { items, loading: false, error: null } });
      } catch (e) {
        core.set({ sequences: { ...core.get().sequences, loading: false, error: core.fail(e) } });
      }
    },
    async openSequence(id) {
      core.set({ sequence: { id, data: null, loading: true, error: null } });
      try {
        const data = await core.client.getEmailSequence(id);
        // Only if it is still the one open (another may have been opened meanwhile).
        if (core.get().sequence?.id === id) core.set({ sequence: { id, data, loading: false, error: null } });
      } catch (e) {
        if (core.get().sequence?.id === id)
          core.set({ sequence: { id, data: null, loading: false, error: core.fail(e) } });
      }
    },
    closeSequence: () => core.set({ sequence: null }),
  };
}
