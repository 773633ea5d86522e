/**
 * The shape of the code, as rules a machine checks (`npm run arch`, and
 * tests/unit/architecture.test.ts inside `npm test`).
 *
 * Inner layers must not know outer ones: domain is pure logic that tests run without AWS,
 * ports (domain/<capability>/*-port.ts, beside the rules they serve) describe what the domain needs, adapters implement ports, handlers and middleware wire
 * them to Lambda. shared/ is imported by both the Lambdas and the browser bundle, so it may depend
 * on nothing of either. In web/, features are islands: what two features share moves down to
 * lib/ or ui/, and only app/ (routes) composes features.
 */

/** Runtime packages of the Lambda platform; the domain must be testable and portable without them. */
const LAMBDA_RUNTIME_PACKAGES = '(^|node_modules/)(@types/)?(aws-lambda|aws-sdk|@aws-sdk|@smithy|@middy|@aws-lambda-powertools|aws-cdk-lib|constructs)(/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle means two modules cannot be understood, tested or moved apart; type-only imports count too. ' +
        'Move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'functions/domain holds business rules only: it may use ports and shared/, never adapters, handlers, middleware ' +
        'or the Lambda/AWS runtime packages (not even their types).',
      from: { path: '^functions/domain/' },
      to: {
        path: ['^functions/(adapters|handlers|middleware)/', LAMBDA_RUNTIME_PACKAGES],
      },
    },
    {
      name: 'adapters-below-handlers',
      severity: 'error',
      comment:
        'Adapters implement ports; handlers and middleware use adapters, never the other way. ' +
        'A type both need belongs in a port (functions/domain/<capability>/*-port.ts).',
      from: { path: '^functions/adapters/' },
      to: { path: '^functions/(handlers|middleware)/' },
    },
    {
      name: 'ports-are-contracts',
      severity: 'error',
      comment: 'Ports describe what the domain needs; they must not depend on whoever implements or calls them.',
      from: { path: '^functions/domain/.*-port\\.ts$' },
      to: { path: '^functions/(adapters|handlers|middleware)/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ is bundled into both the Lambdas and the browser; it may import nothing from functions/, infra/ or web/.',
      from: { path: '^shared/' },
      to: { path: '^(functions|infra|web)/' },
    },
    {
      name: 'features-are-islands',
      severity: 'error',
      comment:
        'A feature never imports another feature; what two features share moves to web/src/lib or web/src/ui, ' + 'and only web/src/app composes features.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-lib-and-ui-below-features',
      severity: 'error',
      comment: 'Direction is app -> features -> lib/ui: the kit and the helpers know nothing of features or routes.',
      from: { path: '^web/src/(lib|ui)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'Direction is app -> features -> lib/ui: features do not reach up into the routes and shell.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports shape the design as much as runtime ones, so they are counted.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
