// The salary table's columns: employee, amounts in their currency, the month's hours, statuses,
// effective date and the actions the reader's role allows.
import { DeleteOutlined, EditOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
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
          <Tooltip title={t('salary.actions.view')}>
            <Button
              type="text"
              icon={<EyeOutlined />}
              aria-label={t('salary.actions.view')}
              onClick={() => act.view(r)}
            />
          </Tooltip>
          {mayDo('salary.create', role) && (r.approval_status !== 'pending' || role !== 'manager') && (
            <Tooltip title={editLabel(r)}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={editLabel(r)}
                onClick={() => act.edit(r)}
              />
            </Tooltip>
          )}
          {(mayDo('salary.approve', role) || mayDo('salary.pay', role)) && (
            <Button size="small" onClick={() => act.status(r)}>
              {t('salary.actions.status')}
            </Button>
          )}
          {r.payment_status === 'paid' && (
            <Tooltip title={t('salary.actions.payslip')}>
              <Button
                type="text"
                icon={<FilePdfOutlined />}
                aria-label={t('salary.actions.payslip')}
                onClick={() => act.payslip(r)}
              />
            </Tooltip>
          )}
          {mayDo('salary.create', role) && role !== 'manager' && (
            <Tooltip title={paidLocked(r) ? t('salary.actions.deleteRefused') : t('salary.actions.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('salary.actions.delete')}
                disabled={paidLocked(r)}
                onClick={() => act.remove(r)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
}
