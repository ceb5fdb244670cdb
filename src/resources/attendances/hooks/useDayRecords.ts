// The records of one site-local day (the signed-in person's today first, any day by the picker),
// narrowed by a search by name, e-mail or id: a live Refine table, 20 rows a page.
import { useTable } from '@refinedev/antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { ATTENDANCE_SELECT, useLocalDay, useMatchingEmployeeIds, type AttendanceRow } from '../data.ts';

const NOBODY = '00000000-0000-0000-0000-000000000000';

export function useDayRecords() {
  const [picked, setDay] = useState<Dayjs | null>(null);
  const [search, setSearch] = useState('');
  // The site's local day of the signed-in person (the browser's day if it cannot be read).
  const localDay = useLocalDay();
  const day = picked ?? (localDay.isSuccess ? dayjs(localDay.data) : localDay.isError ? dayjs() : null);
  const matching = useMatchingEmployeeIds(search);
  const ids = matching.isError ? [] : (matching.data ?? null);

  const dayText = day?.format('YYYY-MM-DD');
  const { tableProps, tableQuery } = useTable<AttendanceRow>({
    resource: 'attendances',
    syncWithLocation: false,
    meta: { select: ATTENDANCE_SELECT },
    pagination: { pageSize: 20 },
    sorters: { permanent: [{ field: 'check_in', order: 'desc' }] },
    filters: {
      permanent: [
        { field: 'date', operator: 'eq', value: dayText ?? '1970-01-01' },
        ...(ids
          ? [{ field: 'employee_id', operator: 'in' as const, value: ids.length ? ids : [NOBODY] }]
          : []),
      ],
    },
    queryOptions: { enabled: Boolean(dayText) },
    liveMode: 'auto',
  });
  const reload = useCallback(() => {
    void tableQuery.refetch();
  }, [tableQuery]);

  return { day, setDay, setSearch, tableProps, reload };
}
