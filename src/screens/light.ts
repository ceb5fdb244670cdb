// The screens of the routes that paint without Refine and antd (the kiosk and the scanner), read
// apart from the registry: the registry's chunk names every screen's files (~4 KB gzipped), which
// the kiosk's first paint does not need. The same screen objects as the registry's.
import { screens as kiosk } from '../pages/kiosk/screens.ts';
import { screens as scanner } from '../pages/scanner/screens.ts';
import type { ScreenMap } from './lazy.ts';

export const LIGHT_SCREENS: ScreenMap = { ...kiosk, ...scanner };
