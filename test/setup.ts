// Ink renders differently when CI=true (is-in-ci): tests see what users see.
delete process.env.CI;
process.env.FORCE_COLOR = '0';

// Property and fuzz tests take the run's seed (test/global-setup.ts chose and printed it).
import fc from 'fast-check';
if (process.env.FC_SEED !== undefined) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });
