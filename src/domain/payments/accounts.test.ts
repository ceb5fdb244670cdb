// The payment account checks, against published and hand-worked numbers.
import { describe, expect, it } from 'vitest';
import {
  abaRoutingValid,
  bfIbanValid,
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
