// The ledger behind a balance, line by line with the running balance: accruals, grants, seniority
// additions, leave taken, HR's adjustments (with their reason) and expiries.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeaveLedger, type LedgerLine } from '../data.ts';
import { useLeaveLabels } from '../labels.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function LedgerTable({ employeeId, type, unit }: { employeeId: string; type: string; unit: string }) {
  const { t } = useTranslation();
  const { amount, day } = useLeaveLabels();
  const ledger = useLeaveLedger(employeeId, type);
  return (
    <Table<LedgerLine>
      data-testid="leave-ledger"
      size="small"
      rowKey={(l, i) => `${l.day}-${l.kind}-${i}`}
      loading={ledger.isLoading}
      dataSource={ledger.data ?? []}
      pagination={(ledger.data?.length ?? 0) > 12 ? { pageSize: 12 } : false}
      locale={{ emptyText: <EmptyState text={t('leave.ledger.empty')} /> }}
      columns={[
        { key: 'day', title: t('leave.ledger.day'), render: (_, l) => day(l.day) },
        {
          key: 'kind',
          title: t('leave.ledger.kind'),
          render: (_, l) => `${t(`leave.ledger.kinds.${l.kind}`)}${l.reason ? ` — ${l.reason}` : ''}`,
        },
        {
          key: 'amount',
          title: t('leave.ledger.amount'),
          align: 'right',
          render: (_, l) => amount(l.amount, unit),
        },
        {
          key: 'balance',
          title: t('leave.ledger.balance'),
          align: 'right',
          render: (_, l) => amount(l.balance, unit),
        },
      ]}
    />
  );
}
