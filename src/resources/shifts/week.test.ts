import { describe, expect, it } from 'vitest';
import { missingFields, searchShifts, weekSegments, type ShiftRow } from './week.ts';

const shift = (over: Partial<ShiftRow>): ShiftRow => ({
  id: 'x',
  name: 'Day',
  site_id: null,
  start_time: '08:00:00',
  end_time: '16:00:00',
  break_duration: 30,
  days_of_week: ['Mon'],
  employees: [],
  ...over,
});

describe('shift week logic', () => {
  it('names what an incomplete form is missing', () => {
    expect(missingFields({ name: ' ', start_time: '08:00', days_of_week: [] })).toEqual([
      'name',
      'end',
      'days',
    ]);
    expect(
      missingFields({ name: 'A', start_time: '08:00', end_time: '09:00', days_of_week: ['Mon'] }),
    ).toEqual([]);
  });

  it('splits a night shift at midnight, Sunday night running into Monday', () => {
    const night = shift({
      name: 'Night',
      start_time: '22:00:00',
      end_time: '06:00:00',
      days_of_week: ['Sun'],
    });
    const week = weekSegments([night]);
    expect(week.Sun).toMatchObject([{ from: '22:00', to: '24:00', continued: false }]);
    expect(week.Mon).toMatchObject([{ from: '00:00', to: '06:00', continued: true }]);
    expect(week.Tue).toEqual([]);
  });

  it('keeps a day shift on its day', () => {
    const week = weekSegments([shift({ days_of_week: ['Mon', 'Wed'] })]);
    expect(week.Mon).toMatchObject([{ from: '08:00', to: '16:00' }]);
    expect(week.Tue).toEqual([]);
    expect(week.Wed).toHaveLength(1);
  });

  it('searches by shift or employee name, ignoring case and accents', () => {
    const rows = [
      shift({ id: '1', name: 'Morning' }),
      shift({ id: '2', name: 'Nuit', employees: [{ id: 'e', name: 'Aïcha Ouédraogo' }] }),
    ];
    expect(searchShifts(rows, 'morn').map((s) => s.id)).toEqual(['1']);
    expect(searchShifts(rows, 'ouedraogo').map((s) => s.id)).toEqual(['2']);
    expect(searchShifts(rows, '')).toHaveLength(2);
  });
});
