import { createElement, Fragment } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, lazyPagesIn } from './lazy.js';

const Screen = () => null;
const Guard = ({ children }: { children?: unknown }) => children as null;

describe('lazy screens: a URL’s nested screens download together, each once', () => {
  it('finds every lazy screen inside a route element, guards and fragments included', () => {
    const Shell = lazyPage(
      async () => ({ Shell: Screen }),
      (m) => m.Shell,
    );
    const Inner = lazyPage(
      async () => ({ Inner: Screen }),
      (m) => m.Inner,
    );
    const element = createElement(Guard, null, createElement(Fragment, null, createElement(Shell), createElement(Inner)));
    expect(lazyPagesIn(element)).toEqual([Shell, Inner]);
  });

  it('rejects what is not a lazy screen: plain components, text and nothing', () => {
    expect(lazyPagesIn(createElement(Guard, null, createElement(Screen), 'text'))).toEqual([]);
    expect(lazyPagesIn(null)).toEqual([]);
    expect(lazyPagesIn('text')).toEqual([]);
  });

  it('downloads a screen once however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ Page: Screen }));
    const Page = lazyPage(load, (m) => m.Page);
    await Promise.all([Page.preload(), Page.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
