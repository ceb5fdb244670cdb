// The employee portal's leave: balances with their ledger, a request form (cost and balance shown
// before sending), and their requests with Cancel before the start.
import { useGetIdentity } from '@refinedev/core';
import { Button, Card, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../../providers/identity.ts';
import { useLeaveRequests } from '../data.ts';
import { BalancesCard } from './BalancesCard.tsx';
import { RequestForm } from './RequestForm.tsx';
import { RequestsTable } from './RequestsTable.tsx';

export function EmployeeLeaveCard() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Identity | null>();
  const [asking, setAsking] = useState(false);
  const mine = useLeaveRequests({ employeeId: me?.employeeId, limit: 20 }, Boolean(me?.employeeId));
  return (
    <Card
      title={t('leave.portal.title')}
      data-testid="portal-leave"
      extra={
        <Button type="primary" data-testid="leave-request-open" onClick={() => setAsking(true)}>
          {t('leave.portal.request')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {me?.employeeId && <BalancesCard employeeId={null} ledgerOf={me.employeeId} />}
        <RequestsTable rows={mine.data ?? []} loading={mine.isLoading} testId="my-leave-requests" />
      </Space>
      <Modal
        open={asking}
        title={t('leave.form.title')}
        footer={null}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <RequestForm employeeId={null} onDone={() => setAsking(false)} />
      </Modal>
    </Card>
  );
}
