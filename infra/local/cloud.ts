/**
 * The local cloud, assembled: the synthesized stack's tables, queues, bus, rules, schedule,
 * functions and routes running on loopback, next to the outside parties' simulators.
 *
 * Three HTTP servers, all on loopback: the public one on PORT (app, API, mail viewer); the
 * simulators' own on SIM_PORT (/_sim/*: the supplier panels and payment providers the functions call,
 * and the pages a person opens — never on the public port, see simulator-server.ts); and an internal
 * "services" one on a free port that the handlers' AWS SDK clients talk to (EventBridge, SES v2).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { LocalConfig } from './config.js';
import { SIMULATED_EPIN_PANEL, SIMULATED_PROVIDER_ACCOUNTS, SIMULATED_SUPPLIERS, SIMULATED_VTPASS } from './config.js';
import { apiPath } from '../../shared/routes.js';
import { armedCrashPoint, crashPointPass } from '../../functions/adapters/crash-points.js';
import { ensureTables, startDynamoDbLocal, type DynamoDbLocal } from './runtime/dynamodb.js';
import { LocalEventBus } from './runtime/eventbridge.js';
import { createGateway } from './edge/gateway.js';
import { createSimulatorServer, type SimulatorRoute } from './simulators/server.js';
import { CLOUD_LOADED_MODULES, LambdaRuntime, MissingHandlerError, platformModuleUrl } from './runtime/lambda.js';
import { MailStore } from './simulators/mail.js';
import { SqsPoller } from './runtime/pollers.js';
import { DynamoStreamPoller, localStreamsClient, StreamCheckpoints, WriteSignal } from './runtime/streams.js';
import { insideScheduledRun, LocalScheduler } from './runtime/scheduler.js';
import { MsorgSimulator } from './simulators/msorg.js';
import { VtpassSimulator } from './simulators/vtpass.js';
import { EpinPanelSimulator } from './simulators/epin-panel.js';
import { IdentitySimulator } from './simulators/identity.js';
import { MonnifySimulator } from './simulators/monnify.js';
import { PayoutSimulator } from './simulators/payout.js';
import { SquadSimulator } from './simulators/squad.js';
import { SesSimulator } from './simulators/ses.js';
import { createQueues, localSqsClient, startLocalSqs, type LocalQueue, type LocalSqs } from './runtime/sqs.js';
import { LOCAL_REGION, parseTopology, resolveEnvironment, synthTemplate, type CfnTemplate, type LocalTopology } from './runtime/template.js';
import { listenLoopback, safeHandler, sendJson, type Listening, type RequestHandler } from './util.js';

/** How long a queue's second and later receive loops sleep when idle, unless a message is sent. */
const IDLE_EXTRA_LOOP_WAIT_MS = 30_000;

export interface RunningCloud {
  appUrl: string;
  /** How long each start-up step took, e.g. "synth 4.8 s, dynamodb 2.3 s, ...". */
  timings: string;
  servicesUrl: string;
  /** The simulators' own origin (SIM_PORT, loopback): /_sim/<name>/… — their APIs, /calls, /control and pages. */
  simulatorsUrl: string;
  /** DynamoDB Local's endpoint (for inspection tools and the benchmark). */
  dynamoEndpoint: string;
  topology: LocalTopology;
  supplierUrls: Record<string, string>;
  /** Pages of the payment simulators a person opens, on the simulators' origin: Squad checkout, Monnify "send a transfer", payouts, identity. */
  providerUrls: Record<string, string>;
  seedSummary?: unknown;
  stop(): Promise<void>;
}

export class LocalCloudStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LocalCloudStartError';
  }
}

/**
 * Synthesizes the stack (or reads a template synthesized earlier in this run, `templateFile`); a
 * missing handler file becomes a message naming it (and any others).
 */
export async function loadTopology(repoRoot: string, templateFile?: string): Promise<LocalTopology> {
  if (templateFile) return parseTopology(JSON.parse(readFileSync(templateFile, 'utf8')) as CfnTemplate);
  let template;
  try {
    template = await synthTemplate();
  } catch (error) {
    const message = String((error as Error).message ?? error);
    const missing = /Cannot find entry file at (\S+)/.exec(message);
    if (missing) {
      // The stack stops at the first missing entry; list every missing one so all can be fixed at once.
      const all = new Set([missing[1]!.replace(`${repoRoot}/`, '')]);
      try {
        const { ALL_FUNCTIONS } = await import('../stack/functions.js');
        for (const fn of ALL_FUNCTIONS) if (!existsSync(join(repoRoot, fn.entry))) all.add(fn.entry);
      } catch {
        // Only used to improve the message.
      }
      throw new MissingHandlerError([...all]);
    }
    throw new LocalCloudStartError(`synthesizing the CDK stack failed: ${message}`, { cause: error });
  }
  return parseTopology(template);
}

/** Timed wait for shutdown steps: a stuck handler must not keep Ctrl-C from working. */
async function within(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolveWait) => (timer = setTimeout(resolveWait, ms)))]);
  clearTimeout(timer);
}

export async function startCloud(config: LocalConfig, log: (line: string) => void = (line) => console.log(line)): Promise<RunningCloud> {
  const stops: Array<() => Promise<void>> = [];
  let gateway: Listening | undefined;
  let simulatorsServer: Listening | undefined;
  const stopAll = async () => {
    // The public port first: no new requests while the rest shuts down.
    await within(5_000, gateway?.close() ?? Promise.resolve());
    for (const stop of stops.reverse()) await within(10_000, stop());
    // The simulators last: the functions may call a supplier until their pollers have stopped.
    await within(5_000, simulatorsServer?.close() ?? Promise.resolve());
  };
  // An unknown name fails the start here, not a handler later; an armed one is said out loud.
  const crashPointArmed = armedCrashPoint();
  const crashPass = crashPointPass();
  if (crashPointArmed) log(`[local] crash point armed: the process dies at "${crashPointArmed}" on pass ${crashPass}`);
  const timings: string[] = [];
  let mark = Date.now();
  const step = (name: string) => {
    const timing = `${name} ${((Date.now() - mark) / 1000).toFixed(1)} s`;
    timings.push(timing);
    // Progress as it happens: a start that hangs shows where.
    log(`[local] ${timing}`);
    mark = Date.now();
  };
  // Take the public port first, so a busy port fails in a second rather than after the whole start;
  // until everything is up it answers 503.
  let serve: RequestHandler = (req, res) => {
    req.resume();
    sendJson(res, 503, { msg: 'The local cloud is starting, try again in a few seconds' }, { 'retry-after': '2' });
  };
  try {
    gateway = await listenLoopback((req, res) => serve(req, res), config.port, { dualStack: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new LocalCloudStartError(`port ${config.port} is already in use: stop whatever uses it or set PORT to another port`);
    }
    throw error;
  }
  // The simulators' port likewise (SIM_PORT, default PORT + 1): the simulators are served there and only there.
  let serveSimulators: RequestHandler = serve;
  try {
    simulatorsServer = await listenLoopback((req, res) => serveSimulators(req, res), config.simPort, { dualStack: true });
  } catch (error) {
    await stopAll();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new LocalCloudStartError(`port ${config.simPort} (the simulators') is already in use: stop whatever uses it or set SIM_PORT to another port`);
    }
    throw error;
  }
  // What a person opens (pages, controls): localhost, as the app's URL; the functions use 127.0.0.1, as for the services.
  const simulatorsUrl = `http://localhost:${simulatorsServer.port}`;
  const simulatorsInternalUrl = `http://127.0.0.1:${simulatorsServer.port}`;

  // Java starts slowly and needs nothing from the template: let it boot while the stack synthesizes.
  // A DynamoDB Local someone else runs (the test run's shared one) is used as it is, and left running.
  const dynamoStarting: Promise<Pick<DynamoDbLocal, 'endpoint'>> = config.dynamoEndpoint
    ? Promise.resolve({ endpoint: config.dynamoEndpoint })
    : startDynamoDbLocal({ dataDir: config.dataDir });
  // Its failure is reported where it is awaited; this only keeps it from counting as unhandled meanwhile.
  dynamoStarting.catch(() => undefined);
  if (!config.dynamoEndpoint) stops.push(async () => ((await dynamoStarting.catch(() => undefined)) as DynamoDbLocal | undefined)?.stop());
  try {
    const prefixed = (id: string) => `${config.tablePrefix}${id}`;
    const synthesized = await loadTopology(config.repoRoot, config.templateFile);
    const topology: LocalTopology = { ...synthesized, tables: synthesized.tables.map((table) => ({ ...table, name: prefixed(table.name) })) };
    step(config.templateFile ? 'template' : 'synth');
    const runtime = new LambdaRuntime(topology.functions, config.repoRoot);
    const missing = runtime.missingEntries();
    if (missing.length) throw new MissingHandlerError(missing);

    const dynamo = await dynamoStarting;
    const tables = await ensureTables(dynamo.endpoint, topology.tables);
    if (tables.created.length) log(`[local] created table(s) ${tables.created.join(', ')}`);
    if (tables.updated.length) log(`[local] added index(es) ${tables.updated.join(', ')}`);
    step('dynamodb');

    const sqsServer: LocalSqs = await startLocalSqs();
    stops.push(() => sqsServer.stop());
    const queues = await createQueues(sqsServer.endpoint, topology.queues, { visibilityTimeoutOverrideSeconds: config.sqsVisibilityTimeoutSeconds });
    // Durable as SQS is: what was queued when the last run stopped or crashed is queued again.
    const { restored } = sqsServer.keepMessagesIn(join(config.dataDir, 'sqs-messages.ndjson'));
    if (restored) log(`[local] ${restored} queued message(s) from the last run are back in their queues`);
    const sqs: SQSClient = localSqsClient(sqsServer.endpoint);
    stops.push(async () => sqs.destroy());
    const queue = (logicalId: string): LocalQueue => {
      const found = queues.get(logicalId);
      if (!found) throw new Error(`no queue ${logicalId}`);
      return found;
    };

    const mail = new MailStore(config.dataDir);
    const ses = new SesSimulator(mail);
    const simulators = new Map<string, MsorgSimulator>();
    for (const supplier of SIMULATED_SUPPLIERS) {
      const simulator = new MsorgSimulator({
        name: supplier.name,
        token: config.secrets.supplierTokens[supplier.name],
        networkIds: supplier.networkIds,
        stateFile: join(config.dataDir, 'simulators', `${supplier.name}.json`),
      });
      simulators.set(supplier.path, simulator);
      stops.push(async () => simulator.close());
    }
    const simulatorRoutes = new Map<string, SimulatorRoute>(
      [...simulators.entries()].map(([path, sim]) => [
        path,
        (req: IncomingMessage, res: ServerResponse, sub: string, query: URLSearchParams) => sim.handle(req, res, sub, query),
      ]),
    );
    // VTpass: the electricity supplier (meter numbers decide outcomes, see simulators/vtpass.ts). Open
    // purchases settle by themselves after a while and are pushed to our receiver, as VTpass does.
    const vtpass = new VtpassSimulator({
      ...config.secrets.vtpassKeys,
      stateFile: join(config.dataDir, 'simulators', `${SIMULATED_VTPASS.name}.json`),
      webhookUrl: `${config.appBaseUrl}${apiPath('vtpassWebhook')}`,
      settleAfterMs: SIMULATED_VTPASS.settleAfterMs,
    });
    simulatorRoutes.set(SIMULATED_VTPASS.path, (req, res, sub, query) => vtpass.handle(req, res, sub, query));
    stops.push(async () => vtpass.close());
    // The e-PIN panel (recharge cards): the business name decides the outcome (see simulators/epin-panel.ts).
    const epinPanel = new EpinPanelSimulator({
      username: SIMULATED_EPIN_PANEL.username,
      apiKey: config.secrets.epinPanelKey,
      stateFile: join(config.dataDir, 'simulators', `${SIMULATED_EPIN_PANEL.name}.json`),
    });
    simulatorRoutes.set(SIMULATED_EPIN_PANEL.path, (req, res, sub, query) => epinPanel.handle(req, res, sub, query));
    stops.push(async () => epinPanel.close());
    // Payment providers, payouts and identity: they call the platform's public webhook receivers,
    // and a person opens their pages (checkout, "send a transfer") on the simulators' origin.
    const providerSecrets = config.secrets.providerSecrets;
    const simulatorState = (name: string) => join(config.dataDir, 'simulators', `${name}.json`);
    const publicSim = (name: string) => `${simulatorsUrl}/_sim/${name}`;
    const providerSimulators = {
      squad: new SquadSimulator({
        secretKey: providerSecrets.squadSecretKey,
        publicBaseUrl: publicSim('squad'),
        webhookUrl: `${config.appBaseUrl}${apiPath('squadWebhook')}`,
        stateFile: simulatorState('squad'),
      }),
      monnify: new MonnifySimulator({
        apiKey: providerSecrets.monnifyApiKey,
        secretKey: providerSecrets.monnifySecretKey,
        contractCode: SIMULATED_PROVIDER_ACCOUNTS.monnifyContractCode,
        publicBaseUrl: publicSim('monnify'),
        webhookUrl: `${config.appBaseUrl}${apiPath('monnifyWebhook')}`,
        stateFile: simulatorState('monnify'),
      }),
      payout: new PayoutSimulator({
        secretKey: providerSecrets.paystackSecretKey,
        webhookUrl: `${config.appBaseUrl}${apiPath('paystackWebhook')}`,
        stateFile: simulatorState('payout'),
      }),
      identity: new IdentitySimulator({
        apiKey: providerSecrets.identityApiKey,
        appId: SIMULATED_PROVIDER_ACCOUNTS.identityAppId,
        stateFile: simulatorState('identity'),
      }),
    };
    for (const [name, simulator] of Object.entries(providerSimulators)) {
      simulatorRoutes.set(name, (req, res, sub, query) => simulator.handle(req, res, sub, query));
      stops.push(async () => simulator.close());
    }
    const providerUrls = {
      squadCheckout: `${publicSim('squad')}/checkout/<reference>`,
      monnifyTransfer: `${publicSim('monnify')}/transfer`,
      payoutTransfers: `${publicSim('payout')}/transfers`,
      identityCalls: `${publicSim('identity')}/calls`,
    };
    // Every simulator is in place: their port serves them from now on (the functions call them from the seed on).
    serveSimulators = safeHandler(createSimulatorServer(simulatorRoutes), 'simulators');

    const invoke = (logicalId: string, event: unknown) => runtime.invoke(logicalId, event);
    const sendToQueue = async (logicalId: string, body: string) => {
      await sqs.send(new SendMessageCommand({ QueueUrl: queue(logicalId).url, MessageBody: body }));
    };
    const bus = new LocalEventBus(topology, { sendToQueue, invokeFunction: invoke }, log);
    stops.push(() => bus.drain());

    // Internal services endpoint: what AWS_ENDPOINT_URL_* point at (EventBridge, SES v2).
    const services: Listening = await listenLoopback(
      safeHandler(async (req, res) => {
        const url = req.url ?? '/';
        const path = url.split('?')[0]!;
        if (await ses.handle(req, res, path)) return;
        const target = String(req.headers['x-amz-target'] ?? '');
        if (target.startsWith('AWSEvents.')) return bus.handleHttp(req, res);
        req.resume();
        // Any other AWS call lands here through AWS_ENDPOINT_URL: fail fast and say why, rather than reach real AWS.
        sendJson(
          res,
          400,
          { __type: 'UnknownOperationException', message: `${target || `${req.method} ${path}`} is not emulated by the local cloud` },
          { 'x-amzn-errortype': 'UnknownOperationException' },
        );
      }, 'services'),
      0,
    );
    stops.push(() => services.close());
    const servicesUrl = `http://127.0.0.1:${services.port}`;
    const supplierUrls: Record<string, string> = Object.fromEntries(SIMULATED_SUPPLIERS.map((s) => [s.name, `${simulatorsInternalUrl}/_sim/${s.path}`]));
    supplierUrls[SIMULATED_VTPASS.name] = `${simulatorsInternalUrl}/_sim/${SIMULATED_VTPASS.path}`;
    supplierUrls[SIMULATED_EPIN_PANEL.name] = `${simulatorsInternalUrl}/_sim/${SIMULATED_EPIN_PANEL.path}`;

    // One process runs every handler: its environment is the union of theirs, plus the local endpoints.
    const resolved = resolveEnvironment(topology, {
      tableName: prefixed,
      queueUrl: (id) => queue(id).url,
      queueArn: (id) => queue(id).arn,
      queueName: (id) => queue(id).name,
    });
    for (const conflict of resolved.conflicts) log(`[local] warning: functions disagree on ${conflict}`);
    const overrides: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_DEFAULT_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_ENDPOINT_URL: servicesUrl,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: sqsServer.endpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: servicesUrl,
      AWS_ENDPOINT_URL_SESV2: servicesUrl,
      JWT_SECRET: config.secrets.jwtSecret,
      // No CloudFront here: the API checks the origin secret only when LOCAL_ORIGIN_SECRET gives one
      // (callers must then send it, as CloudFront would); the cloud's secret ARN means nothing locally.
      ORIGIN_SECRET_ARN: '',
      ORIGIN_SECRET: process.env.LOCAL_ORIGIN_SECRET ?? '',
      SUPPLIERS_CONFIG: JSON.stringify([
        ...SIMULATED_SUPPLIERS.map((s) => ({
          name: s.name,
          protocol: 'msorg',
          baseUrl: supplierUrls[s.name],
          networkIds: s.networkIds,
          electricity: s.electricity,
          sharesOurPlanIds: s.sharesOurPlanIds,
        })),
        {
          name: SIMULATED_VTPASS.name,
          protocol: 'vtpass',
          baseUrl: supplierUrls[SIMULATED_VTPASS.name],
          networks: SIMULATED_VTPASS.networks,
          electricity: SIMULATED_VTPASS.electricity,
        },
        {
          name: SIMULATED_EPIN_PANEL.name,
          protocol: 'epin-panel',
          baseUrl: supplierUrls[SIMULATED_EPIN_PANEL.name],
          username: SIMULATED_EPIN_PANEL.username,
        },
      ]),
      SUPPLIER_TOKENS: JSON.stringify({
        ...config.secrets.supplierTokens,
        [SIMULATED_VTPASS.name]: {
          'api-key': config.secrets.vtpassKeys.apiKey,
          'public-key': config.secrets.vtpassKeys.publicKey,
          'secret-key': config.secrets.vtpassKeys.secretKey,
        },
        [SIMULATED_EPIN_PANEL.name]: config.secrets.epinPanelKey,
      }),
      SUPPLIER_TIMEOUT_MS: String(config.supplierTimeoutMs),
      APP_BASE_URL: config.appBaseUrl,
      MAIL_FROM: config.mailFrom,
      PROVIDERS_CONFIG: JSON.stringify({
        squad: { baseUrl: `${simulatorsInternalUrl}/_sim/squad` },
        monnify: { baseUrl: `${simulatorsInternalUrl}/_sim/monnify`, contractCode: SIMULATED_PROVIDER_ACCOUNTS.monnifyContractCode },
        paystack: { baseUrl: `${simulatorsInternalUrl}/_sim/payout` },
        identity: { baseUrl: `${simulatorsInternalUrl}/_sim/identity`, appId: SIMULATED_PROVIDER_ACCOUNTS.identityAppId },
      }),
      PROVIDER_SECRETS: JSON.stringify(providerSecrets),
      PROVIDER_TIMEOUT_MS: String(config.providerTimeoutMs),
      // Webhook URLs of API users may point at a receiver on this machine.
      ALLOW_LOOPBACK_WEBHOOKS: 'true',
      // Failed webhook deliveries come back after the queue's visibility timeout: local-aws-sqs counts a ChangeMessageVisibility as a receive.
      WEBHOOK_RETRY_BACKOFF: 'false',
    };
    delete process.env.AWS_PROFILE;
    delete process.env.AWS_SESSION_TOKEN;
    Object.assign(process.env, resolved.env, overrides);

    step('queues+services');
    // Imported only now, so module-level configuration sees the local environment.
    await runtime.loadAll({ lazy: config.lazyHandlers });
    // The table-stream readers sleep until the functions write (Lambda polls; locally that would keep DynamoDB Local busy).
    const writes = new WriteSignal();
    const dynamoClient = (await import(platformModuleUrl(config.repoRoot, CLOUD_LOADED_MODULES.dynamoClient))) as {
      onDynamoWrites(listener: () => void): void;
    };
    // Every write wakes the stream readers; only those made outside a scheduled run wake the quiet schedules.
    let writesOutsideSchedules = 0;
    dynamoClient.onDynamoWrites(() => {
      writes.notify();
      if (!insideScheduledRun.getStore()) writesOutsideSchedules++;
    });
    step('handlers');
    if (config.testPasswordHashes) {
      // The handlers' own module (same URL, same instance): the seeded admin and every sign-up hash cheaply.
      const passwords = (await import(
        platformModuleUrl(config.repoRoot, CLOUD_LOADED_MODULES.passwords)
      )) as typeof import('../../functions/domain/accounts/passwords.js');
      passwords.hashNewPasswordsAt(passwords.TEST_ONLY_HASH_COST);
      log('[local] password hashes at the test-only cost (LOCAL_TEST_PASSWORD_HASHES)');
    }

    let seedSummary: unknown;
    const seedFile = join(config.repoRoot, CLOUD_LOADED_MODULES.seed);
    if (existsSync(seedFile)) {
      const seed = (await import(platformModuleUrl(config.repoRoot, CLOUD_LOADED_MODULES.seed))) as { seedLocalData?: (options: unknown) => Promise<unknown> };
      if (typeof seed.seedLocalData !== 'function') log('[local] warning: functions/local-seed.ts exports no seedLocalData(); nothing seeded');
      else seedSummary = await seed.seedLocalData({ admin: { userName: config.admin.userName, password: config.admin.password, email: config.admin.email } });
    } else {
      log('[local] warning: functions/local-seed.ts is missing; no admin account was seeded');
    }
    step('seed');

    const pollers: SqsPoller[] = [];
    for (const mapping of topology.eventSourceMappings.filter((m) => m.enabled)) {
      const poller = new SqsPoller({
        mapping,
        queue: queue(mapping.queueLogicalId),
        sqs,
        invoke: (id, event) => runtime.invoke(id, event),
        concurrency: config.sqsConcurrency,
        // One loop per queue looks each second for messages back from their visibility timeout; the
        // others sleep until a send (an idle test cloud made 16 receives a second, one per loop).
        idleWait: (loop) => sqsServer.waitForSend(loop === 0 ? 1_000 : IDLE_EXTRA_LOOP_WAIT_MS),
        log,
      });
      poller.start();
      pollers.push(poller);
    }
    // Together: a stop cuts each idle wait short, and Ctrl-C should not wait for them one by one.
    stops.push(async () => void (await Promise.all(pollers.map((poller) => poller.stop()))));

    // Table streams (the transaction outbox): read from DynamoDB Local's streams as Lambda would.
    const streams = localStreamsClient(dynamo.endpoint);
    const checkpoints = new StreamCheckpoints(join(config.dataDir, 'stream-positions.json'));
    const streamPollers = topology.streamMappings
      .filter((mapping) => mapping.enabled)
      .map((mapping) => {
        const streamArn = tables.streamArns.get(mapping.tableLogicalId);
        if (!streamArn) throw new LocalCloudStartError(`stream mapping ${mapping.logicalId}: table ${mapping.tableLogicalId} has no stream`);
        // LOCAL_STREAM_BATCHING_WINDOW_MS replaces every mapping's batching window (the tests' clouds: 0, no wait).
        const windowed = config.streamBatchingWindowMs === undefined ? mapping : { ...mapping, batchingWindowMs: config.streamBatchingWindowMs };
        return new DynamoStreamPoller({
          mapping: windowed,
          streamArn,
          streams,
          checkpoints,
          writes,
          invoke: (id, event) => runtime.invoke(id, event),
          sendToQueue,
          log,
        });
      });
    for (const poller of streamPollers) poller.start();
    stops.push(async () => {
      await Promise.all(streamPollers.map((poller) => poller.stop()));
      streams.destroy();
    });

    const scheduler = new LocalScheduler(
      topology.schedules,
      {
        run: async (schedule, event) => {
          for (const target of schedule.targets) {
            if (target.kind === 'function') await bus.invokeWithRetries(schedule, target, target.input ? JSON.parse(target.input) : event);
            else await sendToQueue(target.queueLogicalId, target.input ?? JSON.stringify(event));
          }
        },
      },
      config.scheduleIntervalMs,
      config.scheduleQuietMs === undefined ? undefined : { writes: () => writesOutsideSchedules, maxMs: config.scheduleQuietMs },
    );
    scheduler.start();
    stops.push(() => scheduler.stop());

    serve = safeHandler(
      createGateway({
        routes: topology.routes,
        invoke: (id, event) => runtime.invoke(id, event),
        webDist: join(config.repoRoot, 'web', 'dist'),
        mail,
        eventSourceMappings: streamPollers,
        log,
      }),
      'gateway',
    );
    return {
      appUrl: config.appBaseUrl,
      timings: timings.join(', '),
      servicesUrl,
      simulatorsUrl,
      dynamoEndpoint: dynamo.endpoint,
      topology,
      supplierUrls,
      providerUrls,
      seedSummary,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
