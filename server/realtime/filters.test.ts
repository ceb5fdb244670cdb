import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filters.ts';

describe('parseFilter', () => {
  it('reads each operator', () => {
    expect(parseFilter('id=eq.5')).toEqual({ column: 'id', op: 'eq', values: ['5'] });
    expect(parseFilter('name=neq.a.b')).toEqual({ column: 'name', op: 'neq', values: ['a.b'] });
    expect(parseFilter('status=in.(open,"closed, late",x)')).toEqual({
      column: 'status',
      op: 'in',
      values: ['open', 'closed, late', 'x'],
    });
  });

  it('refuses malformed filters with a message', () => {
    expect(() => parseFilter('id')).toThrow(/expected column=op.value/);
    expect(() => parseFilter('id=like.5')).toThrow(/operator "like"/);
    expect(() => parseFilter('id=in.1,2')).toThrow(/in expects a list/);
  });
});

describe('matchesFilter', () => {
  const row = { id: 10, name: 'Awa', site: 'BF', amount: '1500.50', gone: null };
  it('compares numbers as numbers and text as text', () => {
    expect(matchesFilter(parseFilter('id=gt.9'), row, 'int4')).toBe(true);
    expect(matchesFilter(parseFilter('id=lt.9'), row, 'int4')).toBe(false);
    expect(matchesFilter(parseFilter('amount=gte.200'), row, 'numeric')).toBe(true);
    expect(matchesFilter(parseFilter('amount=lte.200'), row, 'text')).toBe(true); // '1500.50' < '200' as text
    expect(matchesFilter(parseFilter('name=eq.Awa'), row, 'text')).toBe(true);
    expect(matchesFilter(parseFilter('name=neq.Awa'), row, 'text')).toBe(false);
    expect(matchesFilter(parseFilter('site=in.(US,BF)'), row, 'text')).toBe(true);
    expect(matchesFilter(parseFilter('site=in.(US)'), row, 'text')).toBe(false);
    expect(matchesFilter(parseFilter('id=lte.10'), row, 'int8')).toBe(true);
    expect(matchesFilter(parseFilter('id=gte.11'), row, 'int8')).toBe(false);
  });

  it('treats null as matching only neq', () => {
    expect(matchesFilter(parseFilter('gone=eq.x'), row, 'text')).toBe(false);
    expect(matchesFilter(parseFilter('gone=neq.x'), row, 'text')).toBe(true);
  });
});
