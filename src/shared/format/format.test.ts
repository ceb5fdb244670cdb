import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatHours,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPeriod,
  siteDateTime,
  siteTime,
} from './index.ts';

// Intl writes French with narrow no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0\u2009]/g, ' ');
// 07:30 in Ouagadougou (UTC+0) is 01:30 in Chicago (UTC-6 in November).
const CHECK_IN = '2026-11-26T07:30:00Z';

describe('siteTime', () => {
  it("reads the site's clock, naming the site when the reader's clock differs", () => {
    expect(siteTime(CHECK_IN, 'Africa/Ouagadougou', 'en', { viewer: 'America/Chicago' })).toBe(
      '7:30 AM (Ouagadougou)',
    );
    expect(siteTime(CHECK_IN, 'Africa/Ouagadougou', 'fr', { viewer: 'America/Chicago', site: 'Ouaga' })).toBe(
      '07:30 (Ouaga)',
    );
  });
  it('leaves the site out when the reader reads the same clock', () => {
    expect(siteTime(CHECK_IN, 'Africa/Ouagadougou', 'fr', { viewer: 'Africa/Ouagadougou' })).toBe('07:30');
    // UTC and Ouagadougou read the same clock.
    expect(siteTime(CHECK_IN, 'Africa/Ouagadougou', 'en', { viewer: 'UTC' })).toBe('7:30 AM');
    expect(siteTime(CHECK_IN, 'America/Chicago', 'en', { viewer: 'America/Chicago' })).toBe('1:30 AM');
  });
  it('shows a dash for nothing and for a broken value', () => {
    expect(siteTime(null, 'UTC', 'en')).toBe('—');
    expect(siteTime('not a time', 'UTC', 'en')).toBe('—');
  });
  it('with the date', () => {
    expect(plain(siteDateTime(CHECK_IN, 'America/Chicago', 'fr', { viewer: 'America/Chicago' }))).toBe(
      '26 nov. 2026, 01:30',
    );
    expect(siteDateTime(CHECK_IN, 'America/Chicago', 'en', { viewer: 'UTC' })).toBe(
      'Nov 26, 2026, 1:30 AM (Chicago)',
    );
  });
});

describe('dates', () => {
  it("a stored date is the same day in the reader's language", () => {
    expect(formatDate('2026-11-26', 'en')).toBe('Nov 26, 2026');
    expect(plain(formatDate('2026-11-26', 'fr'))).toBe('26 nov. 2026');
    expect(formatDate('2026-11-26', 'fr', 'numeric')).toBe('26/11/2026');
    expect(formatDate(null, 'fr')).toBe('—');
  });
  it('a picked day (local midnight) stays that day', () => {
    expect(formatDate(new Date(2026, 10, 26, 0, 0), 'en')).toBe('Nov 26, 2026');
    expect(formatDate({ toDate: () => new Date(2026, 10, 26, 23, 59) }, 'en')).toBe('Nov 26, 2026');
  });
  it('periods and months', () => {
    expect(plain(formatPeriod('2026-11-01', '2026-11-30', 'en'))).toMatch(/^Nov 1 – 30, 2026$/);
    expect(plain(formatPeriod('2026-11-01', '2026-11-30', 'fr'))).toMatch(/^1[–-]30 nov\. 2026$/);
    expect(formatMonth('2026-11', 'fr')).toBe('novembre 2026');
    expect(formatMonth('2026-11-15', 'en', false)).toBe('November');
  });
});

describe('numbers', () => {
  it('hours, numbers, rates and money follow the language', () => {
    expect(formatHours(6.714, 'fr')).toBe('6,71 h');
    expect(formatHours('6.714', 'en')).toBe('6.71 h');
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,50');
    expect(formatPercent(87.54, 'en')).toBe('87.5%');
    expect(plain(formatPercent(87.54, 'fr'))).toBe('87,5 %');
    expect(plain(formatMoney('157.3', 'USD', 'fr'))).toBe('157,30 $US');
    expect(formatMoney('157.3', 'USD', 'en')).toBe('$157.30');
  });
  it('NaN, Infinity and nothing read as a dash, never as NaN', () => {
    expect(formatNumber(Number.NaN, 'en')).toBe('—');
    expect(formatHours(Number.POSITIVE_INFINITY, 'en')).toBe('—');
    expect(formatPercent(null, 'fr')).toBe('—');
  });
});
