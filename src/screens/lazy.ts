// A screen loaded on demand: each screen is its own chunk, so a role downloads only what it opens.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Screen = LazyExoticComponent<ComponentType>;
/** Route path of the route table (src/domain/access/roles.ts) → its screen. */
export type ScreenMap = Record<string, Screen>;

export const lazyScreen = <T extends string>(
  load: () => Promise<Record<T, ComponentType>>,
  name: T,
): Screen => lazy(() => load().then((m) => ({ default: m[name] })));
