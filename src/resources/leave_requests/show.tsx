// /leave-requests/:id: one request (type, dates, cost, status, note, decision and its reason), its
// steps, and the person's balances with the ledger behind them.
import { useShow } from '@refinedev/core';
import { Button, Card, Descriptions, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BalancesCard,
  RequestsTable,
  StatusTag,
  useLeaveLabels,
  type LeaveRequestRow,
} from '../../features/leave/index.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { REQUEST_SELECT } from './data.ts';

export function LeaveRequestShow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { typeName, amount, dates, day } = useLeaveLabels();
  const { result: r } = useShow<LeaveRequestRow>({
    resource: 'leave_requests',
    id,
    meta: { select: REQUEST_SELECT },
  });
  if (!r) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  const name = `${r.employee?.first_name ?? ''} ${r.employee?.last_name ?? ''}`.trim();
  return (
    <div>
      <ScreenHeader
        title={t('leave.routes.show')}
        actions={<Button onClick={() => navigate('/leave-requests')}>{t('leave.routes.list')}</Button>}
      />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card data-testid="leave-request">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('leave.fields.employee')}>{name}</Descriptions.Item>
            <Descriptions.Item label={t('leave.fields.type')}>{typeName(r.leave_type)}</Descriptions.Item>
            <Descriptions.Item label={t('leave.fields.dates')}>{dates(r)}</Descriptions.Item>
            <Descriptions.Item label={t('leave.fields.cost')}>{amount(r.amount, r.unit)}</Descriptions.Item>
            <Descriptions.Item label={t('leave.fields.status')}>
              <StatusTag status={r.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('leave.fields.requested')}>
              {day(r.created_at.slice(0, 10))}
            </Descriptions.Item>
            {r.note && <Descriptions.Item label={t('leave.fields.note')}>{r.note}</Descriptions.Item>}
            {r.decision_reason && (
              <Descriptions.Item label={t('leave.fields.reason')}>{r.decision_reason}</Descriptions.Item>
            )}
          </Descriptions>
          <div style={{ marginTop: 12 }}>
            <RequestsTable rows={[r]} testId="leave-request-steps" />
          </div>
        </Card>
        <BalancesCard employeeId={r.employee_id} ledgerOf={r.employee_id} />
      </Space>
    </div>
  );
}
