import { Children, isValidElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@shared/constants.js';

/** A screen loaded on first use, whose download can also be started ahead of rendering it. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/** A route component loaded on first use; a chunk that has not arrived within 120 s counts as failed. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (loading ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('This page took too long to load')), CHUNK_LOAD_TIMEOUT_MS);
      });
      try {
        const module = await Promise.race([load(), timeout]);
        return { default: pick(module) };
      } finally {
        clearTimeout(timer);
      }
    })());
  return Object.assign(lazy(start), { preload: start });
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'object' && type !== null && typeof (type as Partial<LazyPage>).preload === 'function';
}

/** Every lazy screen inside a route's element (e.g. a guard around the shell). */
export function lazyPagesIn(node: ReactNode): LazyPage[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const nested = Children.toArray(node.props.children).flatMap(lazyPagesIn);
  return isLazyPage(node.type) ? [node.type, ...nested] : nested;
}
