/**
 * The built web app (web/dist) as CloudFront serves it: files by path, the SPA fallback to
 * index.html for app routes, hashed assets cached for a year and everything else revalidated,
 * textual files compressed (brotli/gzip) by the browser's Accept-Encoding.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR, REVALIDATE_CACHE_CONTROL } from '../../stack/web-caching.js';
import { CompressedFileCache, isCompressible, negotiateEncoding } from './compression.js';
import { sendJson } from '../util.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.eml': 'message/rfc822',
};

/** Vite's content-hashed file names (`index-B4x9_kQ2.js`) never change content. */
const HASHED_NAME = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const ASSETS_PREFIX = `/${HASHED_ASSETS_DIR}/`;

export type StaticFileHandler = (req: IncomingMessage, res: ServerResponse, method: string, path: string) => Promise<void>;

export function createWebFiles(webDist: string): StaticFileHandler {
  const compressed = new CompressedFileCache();
  const inDist = webDist.endsWith(sep) ? webDist : webDist + sep;

  return async (req, res, method, path) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return sendJson(res, 400, { msg: 'Bad path' });
    }
    const index = join(webDist, 'index.html');
    if (!existsSync(index)) {
      const text = 'The web app is not built yet: run `npm run build:web` (or `npm start`, which builds it).\n';
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return;
    }
    const file = normalize(join(webDist, decoded));
    const inside = file === webDist || file.startsWith(inDist);
    const send = (target: string, cacheControl: string) =>
      sendFile(res, method, target, cacheControl, { compressed, acceptEncoding: req.headers['accept-encoding'] });
    if (inside && decoded !== '/' && existsSync(file) && statSync(file).isFile()) {
      return send(file, HASHED_NAME.test(file) && decoded.startsWith(ASSETS_PREFIX) ? HASHED_ASSET_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
    }
    // Any other path is an app route (e.g. /profile/buyAirtime, or /register/ada.lovelace: user names may hold dots) and the
    // SPA decides what to show; only a missing built asset, or a path escaping the build, stays a 404 (like the cloud's rule).
    if (inside && !decoded.startsWith(ASSETS_PREFIX)) return send(index, REVALIDATE_CACHE_CONTROL);
    const text = 'Not found\n';
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
}

/** One file, compressed when `compression` is given and the browser and the file's type allow it. */
export async function sendFile(
  res: ServerResponse,
  method: string,
  file: string,
  cacheControl: string,
  compression?: { compressed: CompressedFileCache; acceptEncoding: string | undefined },
): Promise<void> {
  const size = statSync(file).size;
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers: Record<string, string | number> = { 'content-type': contentType, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' };
  const compressible = compression !== undefined && isCompressible(contentType, size);
  // Caches between here and the browser must keep the encodings apart.
  if (compressible) headers.vary = 'Accept-Encoding';
  const encoding = compressible ? negotiateEncoding(compression.acceptEncoding) : undefined;
  if (encoding) {
    const body = await compression!.compressed.get(file, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    res.end(method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': size });
  if (method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}
