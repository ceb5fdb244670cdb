import { describe, expect, it } from 'vitest';
import { auditLogUrl } from './audit-history.ts';

describe('auditLogUrl', () => {
  it('is the audit log filtered on one record', () => {
    expect(auditLogUrl('employees', 'abc-1')).toBe('/audit-log?entity=employees&id=abc-1');
  });
});
