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
    // 071000013 with its last digit changed: 3·(0+0+0) + 7·(7+0+1) + (1+0+4) = 61.
    expect(abaRoutingValid('071000014')).toBe(false);
    expect(abaRoutingValid('07100001')).toBe(false);
    expect(abaRoutingValid('0710000133')).toBe(false);
    expect(abaRoutingValid('07100001A')).toBe(false);
    // 000000000 passes the checksum but 00 is no Federal Reserve routing symbol; nor is 50.
    expect(abaRoutingValid('000000000')).toBe(false);
    expect(abaRoutingValid('500000007')).toBe(false);
  });
  it('takes account numbers of 4 to 17 digits', () => {
    expect(usAccountNumberValid('1234')).toBe(true);
    expect(usAccountNumberValid('12345678901234567')).toBe(true);
    expect(usAccountNumberValid('123')).toBe(false);
    expect(usAccountNumberValid('123456789012345678')).toBe(false);
    expect(usAccountNumberValid('12-34')).toBe(false);
    expect(usAccountNumberValid(compact('12-34 56'))).toBe(true);
    expect(usAccountNumberValid(compact('-1234'))).toBe(false);
    expect(usAccountNumberValid(compact('1e5'))).toBe(false);
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
    expect(bfIbanValid('BF42BF0840101300463574000391')).toBe(false);
    expect(bfIbanValid('BF42BF0840101300463574003090')).toBe(false);
    expect(bfIbanValid('BF42BF084010130046357400039')).toBe(false);
    expect(bfIbanValid('FR1420041010050500013M02606')).toBe(false);
    expect(bfIbanValid('bf42bf0840101300463574000390')).toBe(false);
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
    expect(normaliseBfMobile('70 12 34 56')).toBe('+22670123456');
    expect(normaliseBfMobile('+226 76-12-34-56')).toBe('+22676123456');
    expect(normaliseBfMobile('0022655123456')).toBe('+22655123456');
    expect(normaliseBfMobile('(+226) 05.12.34.56')).toBe('+22605123456');
  });
  it('refuses fixed lines, short and special numbers, and wrong lengths', () => {
    expect(normaliseBfMobile('25 30 66 00')).toBeNull(); // a fixed line in Ouagadougou
    expect(normaliseBfMobile('80 00 11 22')).toBeNull();
    expect(normaliseBfMobile('7012345')).toBeNull();
    expect(normaliseBfMobile('701234567')).toBeNull();
    expect(normaliseBfMobile('+33 6 12 34 56 78')).toBeNull();
  });
  it('offers mobile money in Burkina Faso only', () => {
    expect(methodsAt('BF')).toContain('mobile_money');
    expect(methodsAt('US')).not.toContain('mobile_money');
  });
});
