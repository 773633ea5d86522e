/**
 * What the payment-provider simulators share: state persisted as one JSON file, request bodies
 * as JSON or HTML-form fields, small HTML pages for people, and signed webhooks to the platform
 * (kept in a log so tests can replay them byte for byte).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { armedCrashPoint } from '../../../functions/adapters/crash-points.js';
import { readBody } from '../util.js';

/**
 * A simulator's state in one JSON file. Writes are coalesced: the changes of one burst cost one
 * write `coalesceMs` later (rewriting the whole file on every call slowed a long demo down more and
 * more); `flush()` writes at once and the simulators call it when they close.
 */
export class PersistentState<T extends object> {
  value: T;
  private pending: NodeJS.Timeout | undefined;
  constructor(
    private readonly file: string | undefined,
    fresh: () => T,
    private readonly coalesceMs = 100,
    /** Written at every change (a crash point is armed: the platform's process, which hosts this simulator, is about to die). */
    private readonly writeThrough = armedCrashPoint() !== undefined,
  ) {
    const initial = fresh();
    this.value = file && existsSync(file) ? { ...initial, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<T>) } : initial;
  }
  save(): void {
    if (!this.file || this.pending) return;
    if (this.writeThrough) {
      // The outside party runs on another machine in real life: our crash must not undo what it did.
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(`${this.file}.tmp`, JSON.stringify(this.value));
      renameSync(`${this.file}.tmp`, this.file);
      return;
    }
    this.pending = setTimeout(() => this.flush(), this.coalesceMs);
    // A write still waiting must not keep the process alive; close() flushes it.
    this.pending.unref();
  }
  flush(): void {
    if (!this.file || !this.pending) return;
    clearTimeout(this.pending);
    this.pending = undefined;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.value));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** A JSON or form-encoded body as a flat object; undefined when it is neither. */
export async function readFields(req: IncomingMessage): Promise<Record<string, any> | undefined> {
  const raw = (await readBody(req, 256 * 1024)).toString('utf8');
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  if (raw.trim() === '') return {};
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** True when the caller wants JSON (tests) rather than a page (a person). */
export function wantsJson(req: IncomingMessage, query: URLSearchParams): boolean {
  return (
    query.get('format') === 'json' ||
    String(req.headers.accept ?? '').includes('application/json') ||
    String(req.headers['content-type'] ?? '').includes('application/json')
  );
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function sendHtml(res: ServerResponse, status: number, title: string, body: string): void {
  const text = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f9;color:#1d2433}
main{max-width:440px;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .25rem}p.note{color:#667;font-size:.85rem}
.amount{font-size:2rem;font-weight:700;margin:1rem 0}
label{display:block;margin:.8rem 0 .3rem;font-weight:600}input,select{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #ccd;border-radius:8px;font-size:1rem}
button{width:100%;padding:.8rem;border:0;border-radius:8px;font-size:1rem;margin-top:1rem;cursor:pointer}
.primary{background:#1c6ef2;color:#fff}.secondary{background:#e7e9ef;color:#1d2433}
table{width:100%;border-collapse:collapse;font-size:.9rem}td{padding:.3rem 0}td:last-child{text-align:right}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:99px;background:#eef;font-size:.8rem}
</style></head><body><main>${body}<p class="note">Local simulator — no real money moves.</p></main></body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

export interface SentWebhook {
  at: string;
  url: string;
  /** The signature header(s) sent. */
  headers: Record<string, string>;
  /** Exactly the bytes signed and sent. */
  body: string;
  /** HTTP status answered by the platform, or the error. */
  status: number | string;
}

const MAX_WEBHOOK_LOG = 500;

/** POSTs a signed webhook and records it; never throws (a provider just logs a failed delivery). */
export async function deliverWebhook(log: SentWebhook[], url: string, body: string, headers: Record<string, string>): Promise<SentWebhook> {
  const sent: SentWebhook = { at: new Date().toISOString(), url, headers, body, status: 'pending' };
  log.push(sent);
  if (log.length > MAX_WEBHOOK_LOG) log.splice(0, log.length - MAX_WEBHOOK_LOG);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    sent.status = response.status;
  } catch (error) {
    sent.status = String(error);
  }
  return sent;
}

export function bearer(req: IncomingMessage): string | undefined {
  const auth = String(req.headers.authorization ?? '');
  return auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
}

export const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
