// The team's latest salary structures: net salary and approval or payment state; on the manager's
// own pending proposals, Edit (the salary form, amending) and Withdraw.
import { Button, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/index.ts';
import { useConfirmedAction } from '../../../shared/feedback/index.ts';
import { useWithdrawProposal, type TeamSalary } from '../data.ts';
import { ListCard } from '../../../components/daily/ListCard.tsx';

const STATUS_COLOR = { approved: 'green', rejected: 'red', pending: 'gold' } as const;

export function TeamPayrollCard({
  rows,
  loading,
  myId,
  onEdit,
}: {
  rows: TeamSalary[];
  loading: boolean;
  /** The manager's employee id: their own pending proposals may be edited or withdrawn. */
  myId: string | undefined;
  onEdit: (row: TeamSalary) => void;
}) {
  const { t, i18n } = useTranslation();
  const confirmAction = useConfirmedAction();
  const withdraw = useWithdrawProposal();
  const language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const nameOf = (s: TeamSalary) =>
    s.employees ? `${s.employees.first_name} ${s.employees.last_name}`.trim() : '-';

  const confirmWithdraw = (s: TeamSalary) =>
    confirmAction({
      title: t('proposals.withdrawConfirm', { name: nameOf(s) }),
      okText: t('proposals.withdrawOk'),
      danger: true,
      run: () => withdraw.mutateAsync(s.id),
      done: t('proposals.withdrawn'),
      doneDetail: nameOf(s),
      failed: t('proposals.withdrawFailed'),
    });

  return (
    <ListCard
      title={t('manager.payroll.title')}
      extra={<Typography.Text type="secondary">{t('manager.payroll.recent')}</Typography.Text>}
      testId="team-payroll"
      items={rows}
      loading={loading}
      empty={t('manager.payroll.empty')}
      renderItem={(s) => {
        const mine = Boolean(myId) && s.created_by === myId && s.approval_status === 'pending';
        return (
          <List.Item
            data-testid="team-payroll-row"
            actions={
              mine
                ? [
                    <Button key="edit" size="small" onClick={() => onEdit(s)}>
                      {t('proposals.edit')}
                    </Button>,
                    <Button key="withdraw" size="small" danger onClick={() => confirmWithdraw(s)}>
                      {t('proposals.withdraw')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={nameOf(s)}
              description={t('manager.payroll.effective', { date: s.effective_date })}
            />
            <Space>
              <Typography.Text>{formatMoney(s.net_salary, s.currency, language)}</Typography.Text>
              <Tag color={STATUS_COLOR[s.approval_status]}>
                {s.payment_status === 'paid'
                  ? t('manager.payroll.paid')
                  : t(`manager.payroll.${s.approval_status}`)}
              </Tag>
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
