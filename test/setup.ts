// Ink renders differently when CI=true (is-in-ci): tests see what users see.
delete process.env.CI;
process.env.FORCE_COLOR = '0';
