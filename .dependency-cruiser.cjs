// Layer rules of docs/architecture.md, enforced in CI: a folder may import only what its row allows.
// resources/ holds data (JSON, templates), not code; every layer may read it.
const layer = (name, allowed) => ({
  name: `${name}-imports-only-${allowed.length ? allowed.join('-') : 'itself'}`,
  severity: 'error',
  comment: `${name}/ may import ${allowed.length ? allowed.join(', ') : 'nothing else'} from the repository`,
  from: { path: `^${name}/` },
  to: {
    path: '^(protocol|drivers|server|main|renderer|test)/',
    pathNot: [`^${name}/`, ...allowed.map((a) => `^${a}`)],
  },
});

/** A room of the service that imports no other room of server/ but those `also` names. */
const serviceRoom = (name, room, comment, also = []) => ({
  name,
  severity: 'error',
  comment,
  from: { path: `^server/${room}/` },
  to: { path: '^server/', pathNot: [`^server/${room}/`, ...also] },
});

module.exports = {
  forbidden: [
    layer('protocol', []),
    layer('drivers', []),
    layer('server', ['protocol/', 'drivers/crypto/']),
    layer('main', ['protocol/', 'drivers/', 'server/index\\.ts$']),
    {
      name: 'only-start-up-code-starts-the-service',
      severity: 'error',
      comment: 'only main/start/ (start-up code) may import server/: the lane logic never does',
      from: { path: '^main/', pathNot: '^main/start/' },
      to: { path: '^server/' },
    },
    {
      name: 'lane-logic-never-reaches-start-up-code',
      severity: 'error',
      comment:
        'the lane, its payment client, devices, receipts and API never import the app or start-up code',
      from: { path: '^main/(lane|lane-api|payment|devices|receipt)/' },
      to: { path: '^main/(app|start|bridge)/' },
    },
    layer('renderer', ['main/lane-api/']),
    {
      name: 'engine-through-its-front-door',
      severity: 'error',
      comment:
        'the rest of the service (transports, dispatch, admin, card entry, start-up) reaches the transaction engine only through server/engine/index.ts',
      from: { path: '^server/', pathNot: '^server/engine/' },
      to: { path: '^server/engine/', pathNot: '^server/engine/index\\.ts$' },
    },
    serviceRoom(
      'shared-helpers-stand-alone',
      'shared',
      'server/shared/ (the clock, the lock per key) serves every room of the service and imports none of them',
    ),
    serviceRoom(
      'store-below-the-service',
      'store',
      'server/store/ keeps what the service persists and imports nothing of the rooms above it but the login name rule',
      ['^server/shared/', '^server/accounts/account-names\\.ts$'],
    ),
    {
      name: 'no-test-code-in-product',
      severity: 'error',
      comment: 'test tooling (vitest, fast-check) belongs to test/ only',
      from: { path: '^(protocol|drivers|server|main|renderer)/' },
      to: { dependencyTypes: ['npm-dev'], pathNot: ['node_modules/electron/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
