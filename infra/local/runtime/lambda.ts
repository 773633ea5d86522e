/**
 * Lambda, in-process: each function's entry module is imported once (tsx compiles the TypeScript, or
 * it comes compiled from LOCAL_BUILT_DIR: platformModuleUrl)
 * and its handler export is called with the event and a Lambda-shaped context. All functions share
 * this process and its environment, which is why start.ts sets the union of their variables.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runWithDeadline } from '../../../functions/adapters/invocation.js';
import { STACK_NAME, localArn, type FunctionDef } from './template.js';

/** The platform's modules the cloud itself imports by path (cloud.ts): the handlers' own instances. */
export const CLOUD_LOADED_MODULES = {
  dynamoClient: 'functions/adapters/dynamo/client.ts',
  passwords: 'functions/domain/accounts/passwords.ts',
  seed: 'functions/local-seed.ts',
} as const;

/**
 * Where the platform's module `path` (relative to the repository, `.ts`) is loaded from: the source,
 * compiled by tsx, or the same module compiled under LOCAL_BUILT_DIR (./build.ts). The cloud and
 * every handler import through here, so each module is one instance for all of them.
 */
export function platformModuleUrl(repoRoot: string, path: string): string {
  const built = process.env.LOCAL_BUILT_DIR;
  return pathToFileURL(built ? builtFile(built, path) : resolve(repoRoot, path)).href;
}

/** Where the build in `builtDir` (./build.ts) holds the module compiled from `path` (relative to the repository, `.ts`). */
export const builtFile = (builtDir: string, path: string): string => join(builtDir, path.replace(/\.ts$/, '.js'));

export type Handler = (event: unknown, context: LambdaContext) => unknown;

export interface LambdaContext {
  callbackWaitsForEmptyEventLoop: boolean;
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  getRemainingTimeInMillis(): number;
  done(error?: Error, result?: unknown): void;
  fail(error: Error | string): void;
  succeed(result: unknown): void;
}

export class MissingHandlerError extends Error {
  constructor(readonly entries: string[]) {
    super(
      `Lambda entry file${entries.length > 1 ? 's' : ''} declared by the CDK stack ${entries.length > 1 ? 'do' : 'does'} not exist yet: ${entries.join(', ')}. ` +
        'Each must export the handler named in the stack (usually `handler`).',
    );
    this.name = 'MissingHandlerError';
  }
}

export class LambdaTimeoutError extends Error {
  constructor(functionName: string, timeoutSeconds: number) {
    super(`${functionName}: Task timed out after ${timeoutSeconds.toFixed(2)} seconds`);
    this.name = 'LambdaTimeoutError';
  }
}

export function lambdaFunctionName(logicalId: string): string {
  return `${STACK_NAME}-${logicalId}`;
}

export function createContext(fn: FunctionDef, deadline: number): LambdaContext {
  const functionName = lambdaFunctionName(fn.logicalId);
  const unsupported = () => {
    throw new Error('callback-style context.done/fail/succeed is not supported; return a value or a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: localArn('lambda', `function:${functionName}`),
    memoryLimitInMB: String(fn.memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${randomUUID().replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

export class LambdaRuntime {
  private readonly handlers = new Map<string, Handler>();
  private readonly functions: Map<string, FunctionDef>;

  constructor(
    functions: FunctionDef[],
    private readonly repoRoot: string,
  ) {
    this.functions = new Map(functions.map((fn) => [fn.logicalId, fn]));
  }

  /** Entry files of the template that do not exist on disk. */
  missingEntries(): string[] {
    return [...this.functions.values()].map((fn) => fn.entry).filter((entry, i, all) => all.indexOf(entry) === i && !existsSync(join(this.repoRoot, entry)));
  }

  /**
   * Imports every handler now (cold starts up front), so a broken module fails the start, not the first
   * request; `lazy`, only checks that each entry exists, and each module is imported at its first invocation.
   */
  async loadAll({ lazy = false }: { lazy?: boolean } = {}): Promise<void> {
    const missing = this.missingEntries();
    if (missing.length) throw new MissingHandlerError(missing);
    if (lazy) return;
    for (const fn of this.functions.values()) await this.load(fn);
  }

  private async load(fn: FunctionDef): Promise<Handler> {
    const cached = this.handlers.get(fn.logicalId);
    if (cached) return cached;
    let module: Record<string, unknown>;
    try {
      module = await import(platformModuleUrl(this.repoRoot, fn.entry));
    } catch (error) {
      throw new Error(`cannot load ${fn.entry} (function ${fn.logicalId}): ${(error as Error).message}`, { cause: error });
    }
    const handler = module[fn.handlerExport];
    if (typeof handler !== 'function') {
      throw new Error(`${fn.entry} (function ${fn.logicalId}) does not export a function named "${fn.handlerExport}"`);
    }
    this.handlers.set(fn.logicalId, handler as Handler);
    return handler as Handler;
  }

  definition(logicalId: string): FunctionDef {
    const fn = this.functions.get(logicalId);
    if (!fn) throw new Error(`no function ${logicalId} in the template`);
    return fn;
  }

  /**
   * Invokes a function like a synchronous Lambda invocation: resolves with the handler's result,
   * rejects with its error or with LambdaTimeoutError after the function's timeout. The handler
   * cannot be stopped in-process, but it runs inside its deadline (functions/adapters/invocation.ts):
   * once timed out, the shared SDK clients refuse its sends, as a frozen Lambda sends nothing.
   */
  async invoke(logicalId: string, event: unknown): Promise<unknown> {
    const fn = this.definition(logicalId);
    const handler = await this.load(fn);
    const timeoutMs = fn.timeoutSeconds * 1000;
    const deadline = Date.now() + timeoutMs;
    const context = createContext(fn, deadline);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LambdaTimeoutError(context.functionName, fn.timeoutSeconds)), timeoutMs);
    });
    try {
      return await Promise.race([runWithDeadline(deadline, () => Promise.resolve().then(() => handler(event, context))), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
