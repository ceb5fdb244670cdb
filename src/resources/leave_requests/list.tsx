// /leave-requests: the requests the reader may see (their own; a manager their team's; HR and
// admins everyone's), filtered by status, live; each step (approve, reject, cancel) in the row.
import { useTable } from '@refinedev/antd';
import { Button, Card, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { RequestsTable, type LeaveRequestRow, type LeaveStatus } from '../../features/leave/index.ts';
import { REQUEST_SELECT } from './data.ts';

const STATUSES: LeaveStatus[] = ['pending', 'approved', 'rejected', 'cancelled'];

export function LeaveRequestList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<LeaveStatus | undefined>();
  const { tableProps } = useTable<LeaveRequestRow>({
    resource: 'leave_requests',
    meta: { select: REQUEST_SELECT },
    sorters: { initial: [{ field: 'start_date', order: 'desc' }] },
    filters: { permanent: [{ field: 'status', operator: 'eq', value: status }] },
    pagination: { pageSize: 50 },
    syncWithLocation: false,
  });
  return (
    <div>
      <ScreenHeader
        title={t('leave.list.title')}
        actions={
          <>
            <Select
              allowClear
              placeholder={t('leave.list.all')}
              value={status}
              onChange={setStatus}
              style={{ width: 180 }}
              options={STATUSES.map((s) => ({ value: s, label: t(`leave.status.${s}`) }))}
            />
            <Button type="primary" data-testid="leave-new" onClick={() => navigate('/leave-requests/new')}>
              {t('leave.list.new')}
            </Button>
          </>
        }
      />
      <Card>
        <RequestsTable
          rows={(tableProps.dataSource as LeaveRequestRow[] | undefined) ?? []}
          loading={Boolean(tableProps.loading)}
          showEmployee
          linkRows
        />
      </Card>
    </div>
  );
}
