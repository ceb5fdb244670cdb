// The payment account rules the database enforces (app.aba_routing_valid, app.bf_iban_valid,
// app.bf_mobile_valid, save_payment_account's normalisation), mirrored for the form so a person sees
// what is wrong before saving. The database stays the authority: docs/payroll.md, "Payment files".

export const PAYMENT_METHODS = ['bank_account', 'mobile_money', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MOBILE_OPERATORS = ['orange_money', 'moov_money'] as const;
export type MobileOperator = (typeof MOBILE_OPERATORS)[number];
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export type Country = 'US' | 'BF';

/** The methods a site's people may be paid by: mobile money exists in Burkina Faso only. */
export const methodsAt = (country: Country): PaymentMethod[] =>
  country === 'BF' ? ['bank_account', 'mobile_money', 'cash'] : ['bank_account', 'cash'];

/** Digits written in groups ('0710 0001 3') as one number, as save_payment_account reads them;
 * anything else (a sign, a letter) is left for the checks to refuse. */
export const compact = (value: string) => {
  const trimmed = value.trim();
  return /^[0-9]([0-9 .-]*[0-9])?$/.test(trimmed) ? trimmed.replace(/[\s.-]/g, '') : trimmed;
};

/** An IBAN as typed, without spaces and in capitals. */
export const compactIban = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

// Federal Reserve routing symbols: 01-12, 21-32 (thrift), 61-72 (electronic), 80 (traveller's cheques).
const routingSymbol = (prefix: number) =>
  (prefix >= 1 && prefix <= 12) ||
  (prefix >= 21 && prefix <= 32) ||
  (prefix >= 61 && prefix <= 72) ||
  prefix === 80;

/** An ABA routing number: nine digits, a routing symbol, and 3-7-1 weighted digits summing to a multiple of 10. */
export function abaRoutingValid(routing: string): boolean {
  if (!/^[0-9]{9}$/.test(routing) || !routingSymbol(Number(routing.slice(0, 2)))) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A US account number as the database takes it: 4 to 17 digits. */
export const usAccountNumberValid = (account: string) => /^[0-9]{4,17}$/.test(account);

/** ISO 13616: the first four characters moved to the end, letters as 10-35, the number mod 97. */
export function ibanMod97(iban: string): number {
  const digits = [...(iban.slice(4) + iban.slice(0, 4))]
    .map((c) => (/[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/**
 * The form of a Burkina Faso IBAN (app.bf_iban_form): 28 characters, 'BF', two check digits and the
 * 24-character UEMOA RIB: bank code of 5 (the bank's country letters and 3 digits, e.g. BF084; a letter
 * first), branch 5 digits, account 12 digits, RIB key 2 digits. The RIB key itself is not checked: no
 * published BCEAO rule was found (docs/payroll.md).
 */
export const BF_IBAN_FORM = /^BF[0-9]{2}[A-Z][A-Z0-9][0-9]{3}[0-9]{5}[0-9]{12}[0-9]{2}$/;
export const bfIbanForm = (iban: string) => BF_IBAN_FORM.test(iban);

/** A Burkina Faso IBAN: its form, then ISO 13616 mod-97 equal to 1 (app.bf_iban_valid). */
export const bfIbanValid = (iban: string) => bfIbanForm(iban) && ibanMod97(iban) === 1;

/**
 * What is wrong with a Burkina Faso IBAN, as the database refuses it: 'form' (payment.iban_form: not
 * 28 characters of the right kinds), 'check' (payment.iban_invalid: the check digits do not match,
 * a character mistyped), or null when it is valid.
 */
export const bfIbanProblem = (iban: string): 'form' | 'check' | null =>
  !bfIbanForm(iban) ? 'form' : ibanMod97(iban) !== 1 ? 'check' : null;

/** The check digits that make a BBAN a valid IBAN (what the demo data uses to make its numbers). */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - ibanMod97(`${country}00${bban}`)).padStart(2, '0');
}

/**
 * A Burkina Faso mobile number as +226 and 8 digits, or null when it is not one. Accepts 8 digits,
 * +226 or 00226 before them, spaces, dots, dashes and brackets. ARCEP's closed 8-digit plan puts
 * mobiles in the 0, 4, 5, 6 and 7 series (2 is fixed lines, 1 and 3 short numbers, 8 special).
 */
export function normaliseBfMobile(input: string): string | null {
  const digits = input.replace(/[\s.()-]/g, '').replace(/^(\+|00)226/, '');
  return /^[04567][0-9]{7}$/.test(digits) ? `+226${digits}` : null;
}

/** The last four characters a screen may show, behind bullets. */
export const masked = (last4: string | null | undefined) => (last4 ? `•••• ${last4}` : '');
