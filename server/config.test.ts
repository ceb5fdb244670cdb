import { describe, expect, it } from 'vitest';
import { assertSafeConfig, DEMO_JWT_SECRET, defaultConfig } from './config.ts';

describe('defaultConfig', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(defaultConfig({}).host).toBe('127.0.0.1');
    expect(defaultConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(defaultConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('leaves the secret to the data directory unless JWT_SECRET is set', () => {
    expect(defaultConfig({}).jwtSecret).toBeUndefined();
    expect(defaultConfig({ JWT_SECRET: '' }).jwtSecret).toBeUndefined();
    expect(defaultConfig({ JWT_SECRET: DEMO_JWT_SECRET }).jwtSecret).toBe(DEMO_JWT_SECRET);
  });
});

describe('assertSafeConfig', () => {
  it('accepts production with the data directory’s own secret, refuses it with the public demo one', () => {
    expect(() => assertSafeConfig(defaultConfig({ NODE_ENV: 'production' }))).not.toThrow();
    expect(() =>
      assertSafeConfig(defaultConfig({ NODE_ENV: 'production', JWT_SECRET: DEMO_JWT_SECRET })),
    ).toThrow(/public demo JWT secret/);
    expect(() => assertSafeConfig(defaultConfig({ JWT_SECRET: 'short' }))).toThrow(/32 characters/);
  });
});
