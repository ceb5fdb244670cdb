import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toRegistration } from './values.ts';

describe('toRegistration', () => {
  const values = {
    first_name: 'Awa',
    last_name: 'Ouédraogo',
    email: 'awa@example.test',
    phone: '+226 70 00 00 00',
    position: 'Cashier',
    department_id: 'd1',
    joining_date: dayjs('2026-11-02'),
    terms: true,
  };

  it('gives the RPC its fields: the date as a day, the role employee unless chosen', () => {
    expect(toRegistration(values)).toMatchObject({
      first_name: 'Awa',
      joining_date: '2026-11-02',
      role: 'employee',
      salary: null,
      has_agreed_to_terms: true,
    });
  });

  it('takes what the caller decides over the form (the manager adds to their site)', () => {
    expect(toRegistration({ ...values, role: 'manager' }, { site_id: 's1', role: 'employee' })).toMatchObject(
      {
        site_id: 's1',
        role: 'employee',
      },
    );
  });

  it('is null without the terms or the joining date', () => {
    expect(toRegistration({ ...values, terms: false })).toBeNull();
    expect(toRegistration({ ...values, joining_date: undefined })).toBeNull();
  });
});
