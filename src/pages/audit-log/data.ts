// The audit log's reads, through Refine's data provider: public.audit_entries (audit_logs under its
// RLS, with the actor's and the subject's names), filtered and paged by the server.
import { useSelect } from '@refinedev/antd';
import { useList, type CrudFilter } from '@refinedev/core';
import type { SelectProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';

/** A row of the audit_entries view (the generated view type makes every column nullable). */
export interface AuditEntry {
  id: number;
  created_at: string;
  entity: string;
  entity_id: string;
  action: string;
  diff: unknown;
  actor_employee_id: string | null;
  actor_name: string;
  subject_name: string | null;
}

export interface AuditChoice {
  entity: string | null;
  entityId: string | null;
  action: string | null;
  person: string | null;
  dates: [Dayjs | null, Dayjs | null] | null;
}

export const PAGE_SIZE = 20;

export function useAuditEntries(choice: AuditChoice, page: number) {
  const { entity, entityId, action, person, dates } = choice;
  const filters = useMemo(() => {
    const f: CrudFilter[] = [];
    if (entity) f.push({ field: 'entity', operator: 'eq', value: entity });
    if (entityId) f.push({ field: 'entity_id', operator: 'eq', value: entityId });
    if (action) f.push({ field: 'action', operator: 'eq', value: action });
    if (person) f.push({ field: 'actor_employee_id', operator: 'eq', value: person });
    if (dates?.[0])
      f.push({ field: 'created_at', operator: 'gte', value: dates[0].startOf('day').toISOString() });
    if (dates?.[1])
      f.push({ field: 'created_at', operator: 'lte', value: dates[1].endOf('day').toISOString() });
    return f;
  }, [entity, entityId, action, person, dates]);
  const { result, query } = useList<AuditEntry>({
    resource: 'audit_entries',
    pagination: { currentPage: page, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: [
      { field: 'created_at', order: 'desc' },
      { field: 'id', order: 'desc' },
    ],
    filters,
  });
  return { rows: result.data, total: result.total ?? 0, loading: query.isFetching };
}

/** The 'person' filter's options: people by name, searched by the server. */
export function usePersonOptions(person: string | null): SelectProps<string> {
  const { selectProps } = useSelect<{ id: string; first_name: string; last_name: string }>({
    resource: 'employees',
    optionLabel: (e) => `${e.first_name} ${e.last_name}`.trim(),
    optionValue: 'id',
    meta: { select: 'id, first_name, last_name' },
    sorters: [{ field: 'first_name', order: 'asc' }],
    defaultValue: person ?? undefined,
    onSearch: (value) => [
      {
        operator: 'or',
        value: [
          { field: 'first_name', operator: 'contains', value },
          { field: 'last_name', operator: 'contains', value },
        ],
      },
    ],
    pagination: { pageSize: 50, mode: 'server' },
  });
  return selectProps as unknown as SelectProps<string>;
}
