// The salary table's columns: employee, amounts in their currency, the month's hours, statuses,
// effective date and the actions the reader's role allows.
import { DeleteOutlined, EditOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { mayDo } from '../../../domain/access/roles.ts';
import type { Role } from '../../../domain/access/roles.ts';
import { formatDate, formatNumber } from '../../../shared/format/index.ts';
import type { ApprovalStatus, PaymentStatus, SalaryStructure } from '../data.ts';
import { moneyColumn } from '../../../components/table/moneyColumn.tsx';

export const APPROVAL_COLOR: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};
export const PAYMENT_COLOR: Record<PaymentStatus, string> = {
  pending: 'default',
  processing: 'blue',
  paid: 'green',
  failed: 'red',
};

export interface RowActions {
  view: (r: SalaryStructure) => void;
  edit: (r: SalaryStructure) => void;
  status: (r: SalaryStructure) => void;
  payslip: (r: SalaryStructure) => void;
  remove: (r: SalaryStructure) => void;
}

/** A row's icon button: its label is its tooltip (unless `tip` says why it is off) and its name. */
const iconButton = (
  label: string,
  icon: ReactNode,
  onClick: () => void,
  { tip, ...button }: Pick<ButtonProps, 'danger' | 'disabled'> & { tip?: string } = {},
) => (
  <Tooltip title={tip ?? label}>
    <Button type="text" icon={icon} aria-label={label} onClick={onClick} {...button} />
  </Tooltip>
);

const paidLocked = (r: SalaryStructure) => r.approval_status === 'approved' && r.payment_status === 'paid';

export function salaryColumns(
  t: TFunction,
  lang: string,
  role: Role | undefined,
  hours: Map<string, number> | undefined,
  monthLabel: string,
  act: RowActions,
): ColumnsType<SalaryStructure> {
  const editLabel = (r: SalaryStructure) =>
    r.approval_status === 'pending' ? t('salary.actions.edit') : t('salary.actions.revise');
  return [
    {
      title: t('salary.columns.employee'),
      dataIndex: 'employee_name',
      width: 190,
      render: (_, r) => (
        <div>
          <Typography.Text strong>{r.employee_name}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.country === 'US' ? 'USA' : 'BF'} · {r.currency}
              {r.version > 1 ? ` · v${r.version}` : ''}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    moneyColumn(t('salary.columns.basic'), (r) => r.basic_salary, lang),
    moneyColumn(t('salary.columns.gross'), (r) => r.gross_salary, lang),
    moneyColumn(t('salary.columns.net'), (r) => r.net_salary, lang, 'net'),
    {
      title: t('salary.columns.hours', { month: monthLabel }),
      align: 'right',
      render: (_, r) => formatNumber(hours?.get(r.employee_id) ?? 0, lang),
    },
    {
      title: t('salary.columns.approval'),
      render: (_, r) => (
        <Tag color={APPROVAL_COLOR[r.approval_status]} data-testid="approval">
          {t(`salary.approvalStatus.${r.approval_status}`)}
        </Tag>
      ),
    },
    {
      title: t('salary.columns.payment'),
      render: (_, r) => (
        <Tag color={PAYMENT_COLOR[r.payment_status]} data-testid="payment">
          {t(`salary.paymentStatus.${r.payment_status}`)}
        </Tag>
      ),
    },
    {
      title: t('salary.columns.effectiveDate'),
      render: (_, r) => formatDate(r.effective_date, lang),
    },
    {
      title: t('salary.columns.actions'),
      key: 'actions',
      width: 210,
      render: (_, r) => (
        <Space size={2}>
          {iconButton(t('salary.actions.view'), <EyeOutlined />, () => act.view(r))}
          {mayDo('salary.create', role) &&
            (r.approval_status !== 'pending' || role !== 'manager') &&
            iconButton(editLabel(r), <EditOutlined />, () => act.edit(r))}
          {(mayDo('salary.approve', role) || mayDo('salary.pay', role)) && (
            <Button size="small" onClick={() => act.status(r)}>
              {t('salary.actions.status')}
            </Button>
          )}
          {r.payment_status === 'paid' &&
            iconButton(t('salary.actions.payslip'), <FilePdfOutlined />, () => act.payslip(r))}
          {mayDo('salary.create', role) &&
            role !== 'manager' &&
            iconButton(t('salary.actions.delete'), <DeleteOutlined />, () => act.remove(r), {
              danger: true,
              disabled: paidLocked(r),
              tip: paidLocked(r) ? t('salary.actions.deleteRefused') : undefined,
            })}
        </Space>
      ),
    },
  ];
}
