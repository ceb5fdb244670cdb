// The employee card's payment account: how the person is paid, with the last four characters of
// the number only. Admin and HR change it (a new account replaces the old one, which is kept).
import { BankOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { masked } from '../../domain/payments/accounts.ts';
import { usePaymentAccount, type PaymentAccountSummary } from './data.ts';
import { PaymentAccountDialog } from './PaymentAccountDialog.tsx';

function Details({ account }: { account: PaymentAccountSummary }) {
  const { t } = useTranslation();
  const method = account.method!;
  const lines: string[] = [t(`payments.account.methods.${method}`)];
  if (method === 'bank_account' && account.country === 'US')
    lines.push(
      `${t(`payments.account.accountTypes.${account.account_type}`)} ${masked(account.last4)}`,
      t('payments.account.routingShown', { routing: account.routing_number }),
    );
  if (method === 'bank_account' && account.country === 'BF')
    lines.push(`${account.bank_name ?? ''}`, `IBAN ${masked(account.last4)}`);
  if (method === 'mobile_money')
    lines.push(`${t(`payments.account.operators.${account.operator}`)} ${masked(account.last4)}`);
  if (method === 'cash') lines.push(t('payments.account.cashNote'));
  return (
    <div data-testid="payment-account">
      <Typography.Text strong>{lines[0]}</Typography.Text>
      {lines.slice(1).map((line) => (
        <div key={line}>{line}</div>
      ))}
      <Typography.Text type="secondary">
        {t('payments.account.since', { date: dayjs(account.since).format('MMM DD, YYYY') })}
      </Typography.Text>
    </div>
  );
}

export function PaymentAccountCard({
  employeeId,
  employeeName,
  mayEdit,
}: {
  employeeId: string;
  employeeName: string;
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  const { data: account, isLoading } = usePaymentAccount(employeeId);
  const [editing, setEditing] = useState(false);
  const hasAccount = Boolean(account?.method);
  return (
    <Card
      title={
        <>
          <BankOutlined /> {t('payments.account.title')}
        </>
      }
      extra={
        mayEdit && account ? (
          <Button size="small" onClick={() => setEditing(true)} data-testid="edit-payment-account">
            {hasAccount ? t('payments.account.edit') : t('payments.account.add')}
          </Button>
        ) : null
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : hasAccount ? (
        <Details account={account!} />
      ) : (
        <Typography.Text type="secondary">{t('payments.account.none')}</Typography.Text>
      )}
      {editing && account?.site_country && (
        <PaymentAccountDialog
          employeeId={employeeId}
          employeeName={employeeName}
          country={account.site_country}
          current={hasAccount ? account : null}
          onClose={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
