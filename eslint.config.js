// ESLint 9 flat config. `npm run lint` (eslint .) reads this.
//
// Three kinds of file:
// - TypeScript in src/, test/, bench/ and vitest.config.ts: every one of them is in tsconfig.json,
//   so they get type-aware rules through the project service (the same program `tsc --noEmit` checks).
// - test/ and bench/ relax the rules that only fight test code (poking at `unknown` JSON, mocks).
// - Plain JS (scripts/*.mjs, scripts/*.cjs, test fixtures, these config files): linted WITHOUT
//   type info. They are outside tsconfig.json (adding them would make tsc check build scripts that
//   reach into esbuild/Ink internals untyped), and the project service would refuse files it has no
//   project for. js/recommended still catches the real mistakes there (undefined names, dead code).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

export default defineConfig(
  {
    ignores: ['dist/', 'coverage/', 'node_modules/', 'bench/.bundled/', '.vitest-tmp/'],
  },
  // A stale `eslint-disable` is an error too: suppressions must keep earning their place.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // Everything: the core recommended set, on Node's globals.
  {
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },

  // TypeScript: recommended + recommended-type-checked.
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: TS })),
  {
    files: TS,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Both `import type { X }` and `import { type X }` are in use; either is fine, as long as
      // types are marked (verbatimModuleSyntax needs it for the emit anyway).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // React hooks: only where React is (src/ui, test/ui, the benches that render). Hooks live in .ts
  // files as well as .tsx (src/ui/hooks/use-*.ts). Not test/store etc.: `useDemoService()` there is a
  // vitest fixture helper, not a React hook, and rules-of-hooks would flag every call of it.
  // exhaustive-deps warns rather than fails: key handlers read refs of the latest state on purpose
  // (DEVELOPERS.md, "Keys can arrive faster than React renders"), so each hit needs a person's look.
  // The React Compiler rules of eslint-plugin-react-hooks 7 (`recommended`) are left off: this app
  // is not compiled by it.
  {
    files: ['src/ui/**/*.{ts,tsx}', 'test/ui/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // Fastify route handlers are async so that returning a value sends it; many need no await.
  {
    files: ['src/server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },

  // Tests and benches: the same rules, less strict where test code legitimately handles loose data.
  {
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}', 'vitest.config.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      // Responses read as JSON and fixtures built by hand are `any`/`unknown` by nature there.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `expect(store.method)` and `vi.spyOn(obj, 'm')` pass methods around on purpose.
      '@typescript-eslint/unbound-method': 'off',
      // `async () => { ... }` callbacks without await are normal for fixtures handed to async APIs.
      '@typescript-eslint/require-await': 'off',
      // Tests feed control characters to sanitize and the key parser on purpose. (In src the rule
      // stays on: a deliberate one there says so with an eslint-disable-next-line, as
      // use-picker-input.ts and use-text-input-state.ts already do.)
      'no-control-regex': 'off',
    },
  },

  // Plain JS: the core no-unused-vars, with the same `_` convention as the TypeScript files.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      'no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
);
