import { describe, expect, it } from 'vitest';
import { demoEnrolment } from './fingerprints.ts';
import { demoEnrolments } from './fingerprints-parallel.ts';

describe('the demo fingerprints on worker threads', () => {
  it('gives the same enrolments, in the same order, whatever the number of threads', async () => {
    const ids = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ];
    const serial = ids.map((id) => demoEnrolment(id));
    expect(new Set(serial.map((e) => Buffer.from(e.template).toString('hex'))).size).toBe(3);
    const two = await demoEnrolments(ids, 2);
    expect(two.map((e) => e.employeeId)).toEqual(ids);
    expect(two).toEqual(serial);
    expect(await demoEnrolments(ids, 3)).toEqual(serial);
  }, 120_000); // six fingers made on a busy machine
});
