import { describe, expect, it } from 'vitest';
import { LIGHT_SCREENS } from './light.ts';
import { SCREENS } from './registry.ts';

describe('the light screens', () => {
  it('are the kiosk and the scanner, the same screens the registry gives', () => {
    expect(Object.keys(LIGHT_SCREENS).sort()).toEqual(['/attendance-scanner', '/scanner']);
    for (const [path, screen] of Object.entries(LIGHT_SCREENS)) expect(SCREENS[path]).toBe(screen);
  });
});
