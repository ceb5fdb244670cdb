// The audit log filtered on one record: the address the record's screens link to.

/** The address of a record's history in the audit log (the employee view links to it). */
export function auditLogUrl(entity: string, id: string): string {
  return `/audit-log?${new URLSearchParams({ entity, id }).toString()}`;
}
