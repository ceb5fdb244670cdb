import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

const Hello = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);
const inSuspense = (element: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: 'loading' }, element));

describe('preloadable', () => {
  it('suspends while its code is missing, and renders at once after preload', async () => {
    let loads = 0;
    const Greeting = preloadable(async () => {
      loads++;
      return Hello;
    });
    expect(inSuspense(createElement(Greeting, { name: 'Awa' }))).toContain('loading');
    await Greeting.preload();
    expect(inSuspense(createElement(Greeting, { name: 'Awa' }))).toContain('<p>Hello Awa</p>');
    await Greeting.preload();
    expect(loads).toBe(1);
  });

  it('asks again after a failed load', async () => {
    let attempts = 0;
    const Flaky = preloadable(async () => {
      if (++attempts === 1) throw new Error('chunk failed');
      return Hello;
    });
    await expect(Flaky.preload()).rejects.toThrow('chunk failed');
    await Flaky.preload();
    expect(attempts).toBe(2);
    expect(inSuspense(createElement(Flaky, { name: 'Jo' }))).toContain('Hello');
  });
});
