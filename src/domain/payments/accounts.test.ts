// The payment account checks, against published and hand-worked numbers.
import { describe, expect, it } from 'vitest';
import {
  abaRoutingValid,
  bfIbanProblem,
  bfIbanValid,
  compactIban,
  compact,
  ibanCheckDigits,
  ibanMod97,
  methodsAt,
  normaliseBfMobile,
  usAccountNumberValid,
} from './accounts.ts';

describe('ABA routing numbers', () => {
  it('accepts published routing numbers', () => {
    // JPMorgan Chase (Illinois), Bank of America (Illinois), the Federal Reserve Bank of New York.
    for (const routing of ['071000013', '081904808', '021001208'])
      expect(abaRoutingValid(routing)).toBe(true);
  });
  it('refuses a wrong check digit, a bad length, letters and an unassigned routing symbol', () => {
    const refused = [
      '071000014', // 071000013 with its last digit changed: 3·(0+0+0) + 7·(7+0+1) + (1+0+4) = 61
      '07100001',
      '0710000133',
      '07100001A',
      '000000000', // passes the checksum but 00 is no Federal Reserve routing symbol
      '500000007', // nor is 50
    ];
    for (const routing of refused) expect(abaRoutingValid(routing), routing).toBe(false);
  });
  it('takes account numbers of 4 to 17 digits', () => {
    const verdicts: [string, boolean][] = [
      ['1234', true],
      ['12345678901234567', true],
      ['123', false],
      ['123456789012345678', false],
      ['12-34', false],
      [compact('12-34 56'), true],
      [compact('-1234'), false],
      [compact('1e5'), false],
    ];
    for (const [account, valid] of verdicts) expect(usAccountNumberValid(account), account).toBe(valid);
  });
});

describe('IBAN mod-97 (ISO 13616)', () => {
  it('gives 1 for the registry examples', () => {
    // SWIFT IBAN registry examples (GB, FR) and the Burkina Faso example it lists.
    expect(ibanMod97('GB29NWBK60161331926819')).toBe(1);
    expect(ibanMod97('FR1420041010050500013M02606')).toBe(1);
    expect(bfIbanValid('BF42BF0840101300463574000390')).toBe(true);
  });
  it('refuses a changed digit, swapped digits, a bad length and another country', () => {
    const refused = [
      'BF42BF0840101300463574000391', // a changed digit
      'BF42BF0840101300463574003090', // swapped digits
      'BF42BF084010130046357400039', // a bad length
      'FR1420041010050500013M02606', // another country
      'bf42bf0840101300463574000390', // not in capitals
    ];
    for (const iban of refused) expect(bfIbanValid(iban), iban).toBe(false);
  });
  it('tells a wrong form from wrong check digits, as the database does (payment.iban_form, payment.iban_invalid)', () => {
    const valid = 'BF42BF0840101300463574000390';
    expect(bfIbanProblem(valid)).toBeNull();
    // The form: 28 characters, BF, 2 check digits, bank code (a letter first, 3 digits last), digits after.
    const badForms = [
      '',
      'BF42BF084010130046357400039', // 27 characters
      'BF42BF08401013004635740003901', // 29 characters
      'FR1420041010050500013M02606', // another country
      'BFX2BF0840101300463574000390', // a letter in the check digits
      'BF4212084010130046357400039A', // a bank code without its letter; a letter in the RIB key
      'BF42BF08A0101300463574000390', // a letter in the bank code's digits
      'BF42BF084010130046357400A390', // a letter in the account number
      'bf42bf0840101300463574000390', // not in capitals (the form's compactIban makes them)
      'BF42 BF08 4010 1300 4635 7400 0390', // spaces (the form's compactIban removes them)
    ];
    for (const iban of badForms) expect(bfIbanProblem(iban), iban).toBe('form');
    expect(bfIbanProblem(compactIban('bf42 bf08 4010 1300 4635 7400 0390'))).toBeNull();
    // The right form, the wrong check digits: a changed or swapped digit.
    expect(bfIbanProblem('BF42BF0840101300463574000391')).toBe('check');
    expect(bfIbanProblem('BF24BF0840101300463574000390')).toBe('check');
    // The RIB key is not checked (no published BCEAO rule): a changed key with IBAN check digits
    // recomputed is accepted.
    const otherKey = `BF${ibanCheckDigits('BF', 'BF0840101300463574000311')}BF0840101300463574000311`;
    expect(bfIbanProblem(otherKey)).toBeNull();
  });

  it('makes the check digits of a BBAN', () => {
    expect(ibanCheckDigits('BF', 'BF0840101300463574000390')).toBe('42');
    const iban = `BF${ibanCheckDigits('BF', 'BF0230100100123456789012')}BF0230100100123456789012`;
    expect(bfIbanValid(iban)).toBe(true);
  });
});

describe('Burkina Faso mobile numbers', () => {
  it('reads the usual ways of writing one as +226 and 8 digits', () => {
    const written: [string, string][] = [
      ['70 12 34 56', '+22670123456'],
      ['+226 76-12-34-56', '+22676123456'],
      ['0022655123456', '+22655123456'],
      ['(+226) 05.12.34.56', '+22605123456'],
    ];
    for (const [typed, mobile] of written) expect(normaliseBfMobile(typed), typed).toBe(mobile);
  });
  it('refuses fixed lines, short and special numbers, and wrong lengths', () => {
    const refused = [
      '25 30 66 00', // a fixed line in Ouagadougou
      '80 00 11 22',
      '7012345',
      '701234567',
      '+33 6 12 34 56 78',
    ];
    for (const typed of refused) expect(normaliseBfMobile(typed), typed).toBeNull();
  });
  it('offers mobile money in Burkina Faso only', () => {
    expect(methodsAt('BF')).toContain('mobile_money');
    expect(methodsAt('US')).not.toContain('mobile_money');
  });
});
