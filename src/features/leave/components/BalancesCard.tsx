// A person's balances today, each with its rule (the policy's cited source) and its ledger.
import { Button, Card, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveBalances, type Balance } from '../data.ts';
import { useLeaveLabels } from '../labels.ts';
import { LedgerTable } from './LedgerTable.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** `employeeId` null: the signed-in person; `ledgerOf` is whose ledger opens (the same person). */
export function BalancesCard({ employeeId, ledgerOf }: { employeeId: string | null; ledgerOf: string }) {
  const { t } = useTranslation();
  const { typeName, amount } = useLeaveLabels();
  const balances = useLeaveBalances(employeeId);
  const [open, setOpen] = useState<Balance | null>(null);
  return (
    <Card title={t('leave.balances.title')} data-testid="leave-balances" size="small">
      <Table<Balance>
        size="small"
        rowKey="leave_type"
        loading={balances.isLoading}
        dataSource={balances.data ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState text={t('leave.balances.empty')} /> }}
        columns={[
          {
            key: 'type',
            title: t('leave.fields.type'),
            render: (_, b) => (
              <Tooltip title={b.source}>
                <span>{typeName(b.leave_type)}</span>{' '}
                <Tag color={b.paid ? 'green' : 'default'}>
                  {t(b.paid ? 'leave.balances.paid' : 'leave.balances.unpaid')}
                </Tag>
              </Tooltip>
            ),
          },
          {
            key: 'balance',
            title: t('leave.balances.balance'),
            align: 'right',
            render: (_, b) =>
              b.tracked ? (
                <Typography.Text strong data-testid={`leave-balance-${b.leave_type}`}>
                  {amount(b.balance, b.unit)}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('leave.balances.untracked')}</Typography.Text>
              ),
          },
          {
            key: 'pending',
            title: t('leave.balances.pending'),
            align: 'right',
            render: (_, b) => (b.pending ? amount(b.pending, b.unit) : ''),
          },
          {
            key: 'ledger',
            title: '',
            render: (_, b) =>
              b.tracked && (
                <Button size="small" type="link" onClick={() => setOpen(b)}>
                  {t('leave.balances.ledger')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={open !== null}
        title={open ? t('leave.ledger.title', { type: typeName(open.leave_type) }) : ''}
        footer={null}
        onCancel={() => setOpen(null)}
        width={720}
        destroyOnHidden
      >
        {open && (
          <>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('leave.balances.source')}: {open.source}
            </Typography.Paragraph>
            <LedgerTable employeeId={ledgerOf} type={open.leave_type} unit={open.unit} />
          </>
        )}
      </Modal>
    </Card>
  );
}
