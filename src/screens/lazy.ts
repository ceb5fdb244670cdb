// A screen loaded on demand: each screen is its own chunk, so a role downloads only what it opens.
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from './preloadable.ts';

/** A screen whose chunk can also be fetched ahead of its render (src/routing/preload.ts). */
export type Screen = Preloadable;
/** Route path of the route table (src/domain/access/roles.ts) → its screen. */
export type ScreenMap = Record<string, Screen>;

export const lazyScreen = <T extends string>(
  load: () => Promise<Record<T, ComponentType>>,
  name: T,
): Screen => preloadable(() => load().then((m) => m[name]));
