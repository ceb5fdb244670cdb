import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordProblemMessage,
  passwordProblems,
  type PasswordPolicy,
} from './password-policy.ts';

describe('passwordProblems', () => {
  it('accepts a long password with a letter and a digit that is no known pattern', () => {
    expect(passwordProblems('correct-horse-battery-7')).toEqual([]);
    expect(passwordProblems('Tamarind9 river')).toEqual([]);
    expect(passwordProblems('vent-du-Sahel-2026', 'awa.ouedraogo@acme.test')).toEqual([]);
  });

  it('refuses a short one with the reason length, counting characters rather than bytes', () => {
    expect(passwordProblems('ab1cd2e')).toEqual(['length']);
    expect(passwordProblems('Zé1è2à3')).toEqual(['length']);
    expect(passwordProblems('Zé1è2à3ç')).toEqual([]);
  });

  it('asks for a character of each required set (GoTrue: letters and digits)', () => {
    expect(passwordProblems('correct-horse-battery')).toEqual(['characters']);
    expect(passwordProblems('correct horse battery')).toEqual(['characters']);
    const upperToo: PasswordPolicy = { minLength: 8, requiredCharacters: ['abc', 'ABC', '0123456789'] };
    expect(passwordProblems('a1b2c3d4e5', undefined, upperToo)).toEqual(['characters']);
  });

  it.each([
    'password1',
    'Password123!',
    'P@ssw0rd2024',
    'motdepasse1',
    'azerty123',
    'qwerty123',
    'asdfgh12',
    '12345678',
    '87654321',
    'abcd1234',
    'qwer1234',
    'aaaaaaa1',
    'abababab1',
    'abc1abc1abc1',
    'pointage2026',
    'zzz9999999',
  ])('refuses the guessable %s as pwned', (password) => {
    expect(passwordProblems(password)).toContain('pwned');
  });

  it("refuses a password built on the e-mail's own name, whatever its case", () => {
    expect(passwordProblems('Kwame.Mensah77', 'kwame.mensah@acme.test')).toEqual(['pwned']);
    expect(passwordProblems('Kwame.Mensah77', 'someone.else@acme.test')).toEqual([]);
    // A name too short to mean anything is not held against the password.
    expect(passwordProblems('bo-river-lamp-4', 'bo@acme.test')).toEqual([]);
  });

  it('lists every reason at once, in GoTrue order', () => {
    expect(passwordProblems('aaaa')).toEqual(['length', 'characters', 'pwned']);
    expect(passwordProblems('')).toEqual(['length', 'characters']);
  });
});

describe('passwordProblemMessage', () => {
  it("says each reason as GoTrue's weak_password message does", () => {
    expect(passwordProblemMessage(['length'])).toBe('Password should be at least 8 characters.');
    expect(passwordProblemMessage(['characters', 'pwned'], DEFAULT_PASSWORD_POLICY)).toBe(
      'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789. Password is known to be weak and easy to guess, please choose a different one.',
    );
  });
});
