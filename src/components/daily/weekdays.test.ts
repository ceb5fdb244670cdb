import { describe, expect, it } from 'vitest';
import { dayLabel, intlLocale, weekdayList, weekdayName } from './weekdays.ts';

describe('weekday names', () => {
  it('are English or French', () => {
    expect(weekdayName('Mon', 'en-US')).toBe('Mon');
    expect(weekdayName('Sun', 'en-US')).toBe('Sun');
    expect(weekdayName('Mon', 'fr-FR')).toBe('lun.');
    expect(weekdayName('Tue', 'fr-FR')).toBe('mar.');
    expect(weekdayName('Sat', 'fr-FR')).toBe('sam.');
  });
  it('keep week order and leave unknown values as they are', () => {
    expect(weekdayList(['Fri', 'Mon', 'Wed'], 'en-US')).toBe('Mon, Wed, Fri');
    expect(weekdayList(['Sun', 'Mon'], 'fr-FR')).toBe('lun., dim.');
    expect(weekdayName('Holiday', 'fr-FR')).toBe('Holiday');
  });
  it('follow the language', () => {
    expect(intlLocale('fr')).toBe('fr-FR');
    expect(intlLocale('fr-BF')).toBe('fr-FR');
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale(undefined)).toBe('en-US');
  });
});

describe('dates of records', () => {
  it('read as a short weekday, day and month', () => {
    expect(dayLabel('2026-11-20', 'en-US')).toBe('Fri, Nov 20');
    expect(dayLabel('2026-11-20', 'fr-FR')).toBe('ven. 20 nov.');
    expect(dayLabel('not a date', 'fr-FR')).toBe('not a date');
    expect(dayLabel('2026-11-02', 'en-US', false)).toBe('Nov 2');
    expect(dayLabel('2026-11-02', 'fr-FR', false)).toBe('2 nov.');
  });
});
