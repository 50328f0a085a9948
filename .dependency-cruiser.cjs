// dependency-cruiser: cycles and the layering of docs/architecture.md ("Folders").
//   keys → src/ui → src/store → src/api → HTTP → src/server
// `npm run deps` checks src/. Type-only imports count (tsPreCompilationDeps): a type cycle still
// ties the files together for a reader and for the next runtime import that follows a type one.
// Dynamic `import()` counts too: a lazy import is still a dependency.

/** Local files of src/server may reach, besides node built-ins and npm packages. */
const SERVER_MAY_USE =
  '^src/(server/|text/|api/schema(-cards|-mail|-events|-teams|-search|-waiting|-reports|-history|-replies|-rules|-notifications)?[.]ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle, type-only imports included. Break it by moving the shared types or code down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'store-not-to-ui',
      severity: 'error',
      comment: 'src/store is the state under the UI; it must not know Ink components or hooks.',
      from: { path: '^src/store/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'api-not-to-store-or-ui',
      severity: 'error',
      comment: 'src/api is the HTTP client: it must not know the store or the UI above it.',
      from: { path: '^src/api/' },
      to: { path: '^src/(store|ui)/' },
    },
    {
      name: 'server-only-own-schema-text',
      severity: 'error',
      comment:
        'src/server is a separate service: it may use itself, the shared wire shapes (src/api/schema.ts, schema-cards.ts, schema-mail.ts, schema-events.ts, schema-teams.ts, schema-search.ts, schema-waiting.ts, schema-reports.ts, schema-history.ts, schema-replies.ts, schema-rules.ts, schema-notifications.ts), ' +
        'src/text, node built-ins and npm packages; nothing else of the client.',
      from: { path: '^src/server/' },
      to: { path: '^src/', pathNot: SERVER_MAY_USE },
    },
    {
      name: 'commands-not-to-ui',
      severity: 'error',
      comment: 'src/commands are the non-TUI commands: they never import the UI or Ink (docs/architecture.md).',
      from: { path: '^src/commands/' },
      to: { path: ['^src/ui/', '(^|/)node_modules/(ink|ink-[^/]+)/'] },
    },
    {
      name: 'text-config-not-to-ui-or-store',
      severity: 'error',
      comment: 'src/text and src/config are leaves for the UI and the store; they must not import them.',
      from: { path: '^src/(text|config)/' },
      to: { path: '^src/(ui|store)/' },
    },
    {
      name: 'boot-only-config',
      severity: 'error',
      comment:
        "src/boot runs the board from the build's classic script: importing the board's own modules would load them a second time, as ES modules, at every start (docs/architecture.md).",
      from: { path: '^src/boot/' },
      to: { path: '^src/', pathNot: '^src/(boot|config)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve (a typo, a file moved, a package missing from package.json).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // NodeNext: resolve through package "exports" with the conditions Node uses for ESM.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
