import { describe, expect, it } from 'vitest';
import { signupMetadata, type SignupForm } from './data.ts';

const form: SignupForm = {
  email: 'a@b.test',
  password: 'long-enough',
  first_name: ' Awa ',
  last_name: 'Ouédraogo',
  phone: '70 00 00 00',
  position: 'Clerk',
  department: 'Finance',
  joining_date: '2026-01-05',
  employment_type: 'full_time',
  salary: '',
  address: '',
  emergency_contact: '  ',
  emergency_phone: '71 00 00 00',
  role: 'manager',
  terms: true,
};

describe('signupMetadata', () => {
  it('turns salary into a number or null and empty optional fields into null', () => {
    expect(signupMetadata(form)).toMatchObject({
      first_name: 'Awa',
      salary: null,
      address: null,
      emergency_contact: null,
      emergency_phone: '71 00 00 00',
    });
    expect(signupMetadata({ ...form, salary: '1500.50' }).salary).toBe(1500.5);
    expect(signupMetadata({ ...form, salary: 'abc' }).salary).toBeNull();
  });

  it('sends the requested role only as a request', () => {
    expect(signupMetadata(form)).toMatchObject({ role: 'manager', has_agreed_to_terms: true });
  });
});
