import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DbError } from '../../data/errors.ts';
import type { PunchRecord } from '../../features/punch/index.ts';
import { resultView } from './result.ts';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;
const ada = { id: 'e1', name: 'Ada' };

describe('the kiosk result card', () => {
  it("says what a one tap did, from the record's check-out", () => {
    const out = { id: 'a1', check_in: 'x', check_out: 'y', total_hours: 8 } as unknown as PunchRecord;
    expect(resultView(t, 'check-out', { kind: 'recorded', employee: ada, record: out })).toMatchObject({
      tone: 'success',
      title: '<kiosk.result.checkedOut>',
    });
  });

  it("reads a repeated press as 'already recorded', a warning, never a failure", () => {
    const error = new DbError('punch.already_recorded', { seconds: 60 }, 'P0001');
    expect(resultView(t, 'auto', { kind: 'refused', employee: ada, error })).toEqual({
      tone: 'warning',
      title: '<kioskTap.result.alreadyRecorded>',
      detail: '<kioskTap.result.alreadyRecordedDetail>',
      status: '<kioskTap.result.alreadyRecorded>',
      name: 'Ada',
    });
  });

  it('names a one tap that failed otherwise, and asks for a choice offline', () => {
    const error = new DbError('punch.other_site', {}, '42501');
    expect(resultView(t, 'auto', { kind: 'refused', employee: ada, error })).toMatchObject({
      tone: 'error',
      title: '<kioskTap.result.failed>',
    });
    expect(resultView(t, 'auto', { kind: 'choose', employee: ada })).toMatchObject({
      tone: 'warning',
      title: '<kioskTap.result.choose>',
      detail: '<kioskTap.result.chooseDetail>',
    });
  });
});
