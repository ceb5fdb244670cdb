// Exact decimal arithmetic for pay: decimal.js with 40 significant digits (far beyond any amount's
// needs, so division by 12, 26 or 52 leaves only a remainder no rounding rule can reach) and rounding
// half away from zero to the currency's minor unit. No JS number ever carries money.
import Decimal from 'decimal.js';
import type { Currency, DecimalString } from './types.ts';

export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

/** USD 2 decimals, XOF 0 (ISO 4217). */
export const MINOR_UNIT: Record<Currency, number> = { USD: 2, XOF: 0 };

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const TEN = new Dec(10);

// A plain decimal literal, as SQL `numeric` accepts it: sign, digits, optional fraction and exponent.
const DECIMAL_LITERAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Parses a decimal string; missing (undefined, null, '') gives `fallback`. Numbers are refused. */
export function dec(value: DecimalString | null | undefined, field: string, fallback: Dec = ZERO): Dec {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') {
    throw new TypeError(`${field}: expected a decimal string, got ${typeof value}`);
  }
  const text = value.trim();
  if (!DECIMAL_LITERAL.test(text)) throw new TypeError(`${field}: not a decimal number: '${value}'`);
  return new Dec(text);
}

/** round(x): half away from zero to the currency's minor unit. */
export function round(x: Dec, currency: Currency): Dec {
  return x.toDecimalPlaces(MINOR_UNIT[currency], Dec.ROUND_HALF_UP);
}

/** Largest multiple of `step` not above x. */
export function floorTo(x: Dec, step: Dec): Dec {
  return x.div(step).floor().mul(step);
}

export function sum(values: readonly Dec[]): Dec {
  return values.reduce((acc, v) => acc.plus(v), ZERO);
}

export function min(a: Dec, b: Dec): Dec {
  return a.lte(b) ? a : b;
}

export function max(a: Dec, b: Dec): Dec {
  return a.gte(b) ? a : b;
}

/** The amount as a string with exactly the currency's minor-unit decimals ('1234.50', '12345'). */
export function format(x: Dec, currency: Currency): DecimalString {
  const rounded = round(x, currency);
  // decimal.js keeps the sign of zero ('-0.00'); an amount of zero is written without it.
  return (rounded.isZero() ? ZERO : rounded).toFixed(MINOR_UNIT[currency]);
}
