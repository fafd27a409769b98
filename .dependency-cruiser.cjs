/* global module */
/**
 * The layering (issue 12, ADR 002), checked by `npm run lint:deps` (part of `npm run lint` and `npm test`):
 * core/ is shared by the browser and the server and imports neither; server/ never imports app/ (code both run
 * lives in core/); app/ imports only types from server/; content/ is seed data, read only by the seeding code;
 * and no import cycles, type-only ones included.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-independent',
      comment: 'core/ runs in the browser and on the server: it imports nothing from app/, server/, content/ or tests/.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(app|server|content|tests)/' },
    },
    {
      name: 'server-not-app',
      comment: 'server/ imports nothing from app/: what both run (formats, messages, phone numbers) lives in core/.',
      severity: 'error',
      from: { path: '^server/' },
      // The one seam: the React Router context key the server fills for the loaders (ADR 002).
      to: { path: '^app/', pathNot: '^app/lib/context\\.server\\.ts$' },
    },
    {
      name: 'app-only-types-from-server',
      comment: 'app/ reaches the server through its loaders’ context: it imports only types from server/.',
      severity: 'error',
      // Unit tests beside the components may build their fixtures with the server's own code.
      from: { path: '^app/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'content-is-seed-data',
      comment: 'content/ is the demo content the database is seeded from; running code reads the database.',
      severity: 'error',
      from: {
        path: '^(app|server|core)/',
        pathNot: ['^server/db/seed[^/]*\\.ts$', '^server/modules/catalogue/ingest/', '\\.test\\.tsx?$'],
      },
      to: { path: '^content/' },
    },
    {
      name: 'modules-meet-at-their-index',
      comment: 'A domain (server/modules/<domain>/) reaches another only through its index.ts: what it offers the rest.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/', pathNot: '/schema[^/]*\\.ts$' },
      to: { path: '^server/modules/([^/]+)/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'tables-meet-tables',
      comment: "Tables may reference another domain's tables (foreign keys): schema*.ts files, and only they, import each other.",
      severity: 'error',
      from: { path: '^server/modules/[^/]+/schema[^/]*\\.ts$' },
      to: { path: '^server/(modules|http)/', pathNot: ['^server/modules/[^/]+/schema[^/]*\\.ts$'] },
    },
    {
      name: 'services-not-http',
      comment: "A domain's services never import the HTTP layer (server/http/, routes*.ts, responses*.ts): routes call services, not the reverse.",
      severity: 'error',
      from: { path: '^server/modules/[^/]+/', pathNot: ['/routes[^/]*\\.ts$', '/responses[^/]*\\.ts$', '/openapi\\.ts$', '/index\\.ts$', '\\.test\\.tsx?$'] },
      to: { path: ['^server/http/', '^server/modules/[^/]+/(routes|responses)[^/]*\\.ts$'] },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles, type-only ones included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
