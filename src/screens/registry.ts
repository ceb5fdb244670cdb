// Which screen renders each guarded route. Every feature folder declares its own routes in a
// `screens.ts` (`export const screens: ScreenMap`), so features never edit a shared list.
import type { ScreenMap } from './lazy.ts';

const modules = import.meta.glob<{ screens: ScreenMap }>(
  ['../resources/*/screens.ts', '../pages/*/screens.ts'],
  { eager: true },
);

export const SCREENS: ScreenMap = Object.assign({}, ...Object.values(modules).map((m) => m.screens));
