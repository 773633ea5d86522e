/** Small helpers shared by the local cloud's servers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';

/** A port that was free a moment ago on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolveSleep) => setTimeout(resolveSleep, ms));

/**
 * A poller's stop, as a promise its waits race: a stop ends an idle wait at once instead of sleeping
 * it out (each test's local cloud stopped a second late, once per poller kind).
 */
export class StopSignal {
  private requested: Promise<void> = Promise.resolve();
  private fire: () => void = () => {};

  /** At start: from now on, waits last until `request()`. */
  arm(): void {
    this.requested = new Promise<void>((resolve) => (this.fire = resolve));
  }

  request(): void {
    this.fire();
  }

  /** `wait`, cut short by a stop. */
  async cut(wait: Promise<unknown>): Promise<void> {
    await Promise.race([wait, this.requested]);
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body larger than ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a request body, refusing more than `limitBytes` (checked while streaming, not after). */
export function readBody(req: IncomingMessage, limitBytes = 1024 * 1024): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      req.resume();
      reject(new BodyTooLargeError(limitBytes));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limitBytes) {
        failed = true;
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => failed || resolveBody(Buffer.concat(chunks)));
    req.on('error', (error) => failed || reject(error));
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Wraps a handler so a thrown error becomes a 500 instead of a hung request. */
export function safeHandler(handler: RequestHandler, label: string): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      console.error(`[${label}] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    }
  };
}

export interface Listening {
  servers: Server[];
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 and, where available, ::1 with the same port, so that "localhost" works
 * whichever address a client resolves it to, without exposing anything beyond loopback.
 */
export async function listenLoopback(handler: RequestHandler, port: number, options: { dualStack?: boolean } = {}): Promise<Listening> {
  const servers: Server[] = [];
  const listen = (host: string, p: number) =>
    new Promise<Server>((resolveListen, reject) => {
      const server = createServer((req, res) => void handler(req, res));
      server.keepAliveTimeout = 5_000;
      server.once('error', reject);
      server.listen(p, host, () => {
        server.off('error', reject);
        resolveListen(server);
      });
    });
  const v4 = await listen('127.0.0.1', port);
  servers.push(v4);
  const actualPort = (v4.address() as { port: number }).port;
  if (options.dualStack) {
    try {
      servers.push(await listen('::1', actualPort));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // No IPv6 loopback on this machine: 127.0.0.1 alone is fine.
      if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT') console.warn(`[local] could not also listen on [::1]:${actualPort}: ${code}`);
    }
  }
  return {
    servers,
    port: actualPort,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolveClose) => {
              server.close(() => resolveClose());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}
