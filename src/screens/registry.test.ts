import { describe, expect, it } from 'vitest';
import { ROUTES } from '../domain/access/roles.ts';
import { SCREENS } from './registry.ts';

describe('the screen registry', () => {
  it('has a screen for every guarded route (a route without one would answer as an unknown address)', () => {
    const missing = ROUTES.filter((r) => r.roles !== 'public' && !SCREENS[r.path]).map((r) => r.path);
    expect(missing).toEqual([]);
  });
});
