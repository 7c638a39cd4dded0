/**
 * The server's shape, enforced in `npm run lint` (docs/architecture.md, "Layers and modules").
 *
 *   core  ←  http  ←  modules/*  ←  realtime, cluster, ops  ←  app.ts, main.ts
 *
 * A module reaches another only through its face (`modules/<name>/index.ts`), never its files,
 * and never another module's tables (repositories stay inside their module). Test files may
 * reach anything they test, so they are left out of the graph.
 */
/** The rules for a server tree rooted at `SRC` (a path pattern; the test runs them on fixtures). */
/** @param {string} SRC */
function serverShape(SRC) {
  const MODULE_INTERNAL = `${SRC}modules/[^/]+/.+`;
  return [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Files never import each other in a circle, type imports included.',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'no-cycle-between-areas',
      severity: 'error',
      comment: 'Modules and layers never depend on each other in a circle.',
      scope: 'folder',
      from: { path: `${SRC}(modules/[^/]+|[^/]+)/?$` },
      to: { path: `${SRC}(modules/[^/]+|[^/]+)/?$`, circular: true },
    },
    {
      name: 'module-face-only',
      severity: 'error',
      comment: 'Another module is reached through its index.ts, never through its files.',
      from: { path: `${SRC}modules/([^/]+)/` },
      to: { path: MODULE_INTERNAL, pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'layers-use-module-faces',
      severity: 'error',
      comment: 'Layers above the modules (app, realtime, cluster, ops) use their faces too.',
      from: { path: SRC, pathNot: `${SRC}modules/` },
      to: { path: MODULE_INTERNAL, pathNot: `${SRC}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'core-is-the-bottom',
      severity: 'error',
      comment: 'core/ imports nothing of the server above it.',
      from: { path: `${SRC}core/` },
      to: { path: SRC, pathNot: `${SRC}core/` },
    },
    {
      name: 'http-knows-no-module',
      severity: 'error',
      comment: 'http/ is the transport kit: it knows core, never a module or a layer above.',
      from: { path: `${SRC}http/` },
      to: { path: SRC, pathNot: `${SRC}(core|http)/` },
    },
    {
      name: 'modules-below-the-layers',
      severity: 'error',
      comment: 'Modules never import the layers that compose them.',
      from: { path: `${SRC}modules/` },
      to: { path: `${SRC}(realtime|cluster|ops)/|${SRC}(app|main|config)\\.ts$` },
    },
    {
      name: 'routes-never-read-tables',
      severity: 'error',
      comment: 'A route calls a service; only services read repositories (naming a row type is fine).',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ];
}

module.exports = { serverShape };
