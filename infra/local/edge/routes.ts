/**
 * API Gateway HTTP API route selection: the most specific route wins (literal segments beat
 * `{param}`, which beats a greedy `{proxy+}`), `ANY` matches every method, `$default` catches the rest.
 */
export interface RouteEntry<T> {
  method: string;
  /** Path in API Gateway syntax, or '$default'. */
  path: string;
  value: T;
}

export type RouteMatch<T> =
  | { kind: 'found'; route: RouteEntry<T>; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

interface Compiled<T> {
  route: RouteEntry<T>;
  segments: Array<{ literal: string } | { param: string; greedy: boolean }>;
  /** Per segment: 2 literal, 1 {param}, 0 {greedy+}; compared left to right. */
  rank: number[];
}

/** Positive when `a` is more specific than `b`. */
function compareSpecificity(a: Compiled<unknown>, b: Compiled<unknown>): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const difference = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
    if (difference !== 0) return difference;
  }
  // Same shape: a route for the exact method beats ANY.
  return Number(a.route.method !== 'ANY') - Number(b.route.method !== 'ANY');
}

export class RouteTable<T> {
  private readonly compiled: Compiled<T>[];
  private readonly fallback?: RouteEntry<T>;

  constructor(routes: RouteEntry<T>[]) {
    this.fallback = routes.find((r) => r.path === '$default');
    this.compiled = routes
      .filter((r) => r.path !== '$default')
      .map((route) => {
        const segments = splitPath(route.path).map((segment) => {
          const param = /^\{([^}]+?)(\+?)\}$/.exec(segment);
          return param ? { param: param[1]!, greedy: param[2] === '+' } : { literal: segment };
        });
        const rank = segments.map((s) => ('literal' in s ? 2 : s.greedy ? 0 : 1));
        return { route, segments, rank };
      });
  }

  match(method: string, rawPath: string): RouteMatch<T> {
    const parts = splitPath(rawPath);
    let best: { c: Compiled<T>; params: Record<string, string> } | undefined;
    const allowed = new Set<string>();
    for (const c of this.compiled) {
      const params = matchSegments(c.segments, parts);
      if (!params) continue;
      if (c.route.method === 'ANY' || c.route.method === method.toUpperCase()) {
        if (!best || compareSpecificity(c, best.c) > 0) best = { c, params };
      } else allowed.add(c.route.method);
    }
    if (best) return { kind: 'found', route: best.c.route, pathParameters: best.params };
    if (this.fallback) return { kind: 'found', route: this.fallback, pathParameters: {} };
    if (allowed.size) return { kind: 'method-not-allowed', allowed: [...allowed].sort() };
    return { kind: 'not-found' };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment, i, all) => !(segment === '' && (i === 0 || i === all.length - 1)));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchSegments(segments: Compiled<unknown>['segments'], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if ('literal' in segment) {
      if (parts[i] !== segment.literal) return undefined;
      continue;
    }
    if (segment.greedy) {
      if (i >= parts.length) return undefined;
      params[segment.param] = parts.slice(i).map(safeDecode).join('/');
      return params;
    }
    if (parts[i] === undefined || parts[i] === '') return undefined;
    params[segment.param] = safeDecode(parts[i]!);
  }
  return parts.length === segments.length ? params : undefined;
}
