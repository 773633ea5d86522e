/**
 * Response compression as CloudFront does it with `compress: true`: brotli when the browser
 * accepts it, else gzip, only for textual types and only between 1,000 bytes and 10 MB.
 *
 * Compressing is done once per file and kept (keyed by path, checked against size and mtime so a
 * rebuild of web/dist while the cloud runs is picked up): the built files are few.
 *
 * At the quality an edge compresses on the fly with, not brotli's best: the best took 0.95 s of CPU
 * for the main bundle and 4.4 s for the API docs' (quality 5: 19 and 87 ms) for about 10 % fewer bytes,
 * and every local cloud of the test run paid it again.
 */
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** CloudFront's limits: smaller files gain nothing, larger ones are sent as they are. */
export const MIN_COMPRESSIBLE_BYTES = 1_000;
export const MAX_COMPRESSIBLE_BYTES = 10_000_000;

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;

export function isCompressible(contentType: string, size: number): boolean {
  return COMPRESSIBLE_TYPE.test(contentType) && size >= MIN_COMPRESSIBLE_BYTES && size <= MAX_COMPRESSIBLE_BYTES;
}

/** The encoding to answer with for an Accept-Encoding header: br before gzip, `q=0` meaning refused. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Brotli's quality for the compressed copies (see above); gzip's best costs little (19 ms for the main bundle). */
const BROTLI_QUALITY = 5;

async function encode(content: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(content, { level: 9 });
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/** Compressed copies of files, made on first request and kept while the file is unchanged. */
export class CompressedFileCache {
  private readonly entries = new Map<string, { version: string; body: Promise<Buffer> }>();

  async get(file: string, encoding: ContentEncoding): Promise<Buffer> {
    const { size, mtimeMs } = await stat(file);
    const version = `${size}:${mtimeMs}`;
    const key = `${encoding}:${file}`;
    const cached = this.entries.get(key);
    if (cached?.version === version) return cached.body;
    const body = readFile(file).then((content) => encode(content, encoding));
    this.entries.set(key, { version, body });
    // A failed read must not stay cached.
    body.catch(() => this.entries.get(key)?.body === body && this.entries.delete(key));
    return body;
  }
}
