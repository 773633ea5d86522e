import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../../infra/local/edge/compression.js';
import { createGateway } from '../../../infra/local/edge/gateway.js';
import { MailStore } from '../../../infra/local/simulators/mail.js';
import { listenLoopback, type Listening } from '../../../infra/local/util.js';

/** http.get rather than fetch: fetch always asks for and silently undoes compression, hiding what was sent. */
function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local web server serves web/dist as CloudFront does (compress: true, cache headers, SPA fallback)', () => {
  let dir: string;
  let server: Listening;
  let base: string;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];\n`;
  const robots = 'User-agent: *\nDisallow: /api/\n';
  const index = '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-files-test-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), index);
    writeFileSync(join(dist, 'assets', 'index-B4x9_kQ2.js'), script);
    writeFileSync(join(dist, 'robots.txt'), robots);
    const handler = createGateway({ routes: [], webDist: dist, mail: new MailStore(dir), log: () => {}, invoke: async () => ({}) });
    server = await listenLoopback(handler, 0);
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the JS asset brotli-compressed to a browser that accepts br, and the bytes decompress to the file', async () => {
    const response = await get(`${base}/assets/index-B4x9_kQ2.js`, 'gzip, deflate, br, zstd');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('answers gzip to a browser that accepts only gzip (or refuses br with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const response = await get(`${base}/assets/index-B4x9_kQ2.js`, accept);
      expect(response.headers.get('content-encoding'), accept).toBe('gzip');
      expect(gunzipSync(response.body).toString(), accept).toBe(script);
    }
  });

  it('rejects compression when the browser asks for none, and for files under 1,000 bytes (CloudFront sends those as they are)', async () => {
    const plain = await get(`${base}/assets/index-B4x9_kQ2.js`);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(script);
    const small = await get(`${base}/robots.txt`, 'br, gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('caches hashed assets for a year as immutable, and makes index.html revalidate', async () => {
    expect((await get(`${base}/assets/index-B4x9_kQ2.js`, 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`${base}/`, 'br')).headers.get('cache-control')).toBe('no-cache');
    expect((await get(`${base}/index.html`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves robots.txt as text/plain with its content, not the SPA page', async () => {
    const response = await get(`${base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.body.toString()).toBe(robots);
  });

  it('still answers index.html for app routes such as the dashboard (/profile) and /dashboard', async () => {
    for (const path of ['/profile', '/dashboard', '/admin/users']) {
      const response = await get(`${base}${path}`, 'br');
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.body.toString(), path).toBe(index);
    }
  });

  it('negotiates br before gzip, honours q=0, and answers nothing compressed for identity-only requests', () => {
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('br;q=0,gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});
