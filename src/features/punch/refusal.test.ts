import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DbError, toDbError } from '../../data/errors.ts';
import errors from '../../i18n/locales/en/errors.json';
import punch from '../../i18n/locales/en/punch.json';
import { punchFailureToast, refusalKey } from './refusal.ts';

// A t() over the errors and punch texts in English, with {{x}} interpolation (the key when missing).
const t = ((key: string, params: Record<string, unknown> = {}) => {
  const [root, ...path] = key.split('.');
  let node: unknown = ({ errors, punch } as Record<string, unknown>)[root!];
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}) as unknown as TFunction;

describe('a failed punch as a person reads it', () => {
  it('keeps the refusal’s parameters: the day and the maximum of a missed check-out', () => {
    const refused = toDbError({
      message: 'punch.open_too_long',
      code: 'P0001',
      details: JSON.stringify({ day: '2026-11-15', hours: 24 }),
    });
    expect(punchFailureToast(t, refused).message).toBe(
      'Missed check-out: the check-in of 2026-11-15 is more than 24 hours old; ask a manager to correct it',
    );
  });

  it('recognises punch refusals by code, and a malformed id as nobody', () => {
    expect(refusalKey(new DbError('punch.already_checked_in', {}, 'P0001'))).toBe('alreadyIn');
    expect(refusalKey(toDbError({ message: 'invalid input syntax for type uuid: "x"', code: '22P02' }))).toBe(
      'notFound',
    );
    expect(refusalKey(new DbError('db.timeout', {}, '57014'))).toBeNull();
  });
});
