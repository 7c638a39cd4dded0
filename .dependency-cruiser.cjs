/** dependency-cruiser's settings: the server's shape (scripts/server-shape.cjs), checked in `npm run lint`. */
const { serverShape } = require('./scripts/server-shape.cjs');

module.exports = {
  forbidden: serverShape('^apps/server/src/'),
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: ['node_modules', '\\.test\\.ts$', '^apps/server/(test|reliability)/'] },
    doNotFollow: { path: 'node_modules' },
  },
};
