/**
 * `npm start` (after the web build): runs the whole platform on this machine.
 * Prints the URL, the admin login, the mail viewer, the simulators' own origin (SIM_PORT) and
 * DATA_DIR, then `LOCAL CLOUD READY <url>` (the test harness waits for that line). Ctrl-C / SIGTERM stop everything, Java included.
 */
import { startCloud, type RunningCloud } from '../cloud.js';
import { loadLocalConfig } from '../config.js';
import { acquireRunLock, releaseRunLock } from './lock.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const started = Date.now();
const config = loadLocalConfig();
const lockError = acquireRunLock(config.dataDir, config.port);
if (lockError) {
  console.error(`[local] ${lockError}`);
  process.exit(1);
}

let cloud: RunningCloud | undefined;
let stopping: Promise<void> | undefined;

function shutdown(reason: string, exitCode = 0): Promise<void> {
  stopping ??= (async () => {
    console.log(`\n[local] stopping (${reason})…`);
    try {
      await cloud?.stop();
    } catch (error) {
      console.error('[local] error while stopping:', error);
      exitCode = exitCode || 1;
    }
    releaseRunLock(config.dataDir);
    console.log('[local] stopped');
    process.exit(exitCode);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A second Ctrl-C means "now": exit handlers still kill Java.
    if (stopping) {
      releaseRunLock(config.dataDir);
      process.exit(130);
    }
    void shutdown(signal);
  });
}

// Whoever reads our output may go away (a killed test runner): writing to the closed pipe must
// not throw, and it means nobody is watching, so stop.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') void shutdown('output closed');
  });
}

// Handlers run in this process: one handler's stray rejection must not take the platform down
// (on AWS it would fail only that invocation), but it must be visible.
process.on('unhandledRejection', (reason) => console.error('[local] unhandled rejection in a handler:', reason));
process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') return void shutdown('output closed');
  console.error('[local] uncaught exception in a handler:', error);
});

// Started by the test harness: stop when the harness is gone, even if it could not tell us.
const parentPid = Number(process.env.LOCAL_CLOUD_PARENT_PID);
if (parentPid > 0) {
  setInterval(() => {
    try {
      process.kill(parentPid, 0);
    } catch {
      void shutdown('parent process exited');
    }
  }, 1000).unref();
}

try {
  cloud = await startCloud(config);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n[local] the local cloud could not start: ${message}`);
  if (process.env.LOCAL_DEBUG && error instanceof Error) console.error(error.stack);
  releaseRunLock(config.dataDir);
  process.exit(1);
}

const seed = cloud.seedSummary as { demoUser?: { userName: string; password: string }; demoAgent?: { userName: string; password: string } } | undefined;
const lines = [
  '',
  `  VTU platform — local cloud (started in ${((Date.now() - started) / 1000).toFixed(1)} s: ${cloud.timings})`,
  '',
  `  App:          ${cloud.appUrl}`,
  `  Admin login:  ${config.admin.userName} / ${config.admin.password}${config.admin.passwordGenerated ? '   (generated once, kept in DATA_DIR)' : ''}`,
  ...(seed?.demoUser ? [`  Demo user:    ${seed.demoUser.userName} / ${seed.demoUser.password}`] : []),
  ...(seed?.demoAgent ? [`  Demo agent:   ${seed.demoAgent.userName} / ${seed.demoAgent.password}`] : []),
  `  Mail viewer:  ${cloud.appUrl}/_local/mail`,
  `  Simulators:   ${cloud.simulatorsUrl}   (SIM_PORT, this machine only: never on the app's port)`,
  `  Suppliers:    ${Object.keys(cloud.supplierUrls)
    .map((name) => `${name} ${cloud!.simulatorsUrl}/_sim/${name.toLowerCase()} (calls: ${cloud!.simulatorsUrl}/_sim/${name.toLowerCase()}/calls)`)
    .join('\n                ')}`,
  `  Payments:     bank transfer to a reserved account: ${cloud.providerUrls.monnifyTransfer}`,
  `                card checkout pages: ${cloud.providerUrls.squadCheckout}; payouts: ${cloud.providerUrls.payoutTransfers}`,
  `  DynamoDB:     ${cloud.dynamoEndpoint}   (DynamoDB Local${config.dynamoEndpoint ? ', shared' : ''})`,
  `  Tables:       ${cloud.topology.tables.map((table) => table.name).join(', ')}`,
  `  Data dir:     ${config.dataDir}   (npm run reset wipes it)`,
  ...(config.scheduleIntervalMs
    ? [`  Schedules:    a one-minute rate every ${config.scheduleIntervalMs} ms, the others in proportion (LOCAL_SCHEDULE_INTERVAL_MS)`]
    : []),
  '',
  '  Stop with Ctrl-C.',
  '',
  `LOCAL CLOUD READY ${cloud.appUrl}`,
];
console.log(lines.join('\n'));
