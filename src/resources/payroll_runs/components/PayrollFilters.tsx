// Search by name or id, status (all, draft, processed, paid, cancelled) and month (all twelve).
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { monthName } from '../../../shared/format/index.ts';
import type { PayrollStatus } from '../data.ts';

export function PayrollFilters({
  status,
  month,
  onSearch,
  onStatus,
  onMonth,
}: {
  status?: PayrollStatus;
  month?: number;
  onSearch: (term: string) => void;
  onStatus: (status: PayrollStatus | undefined) => void;
  onMonth: (month: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const statusOptions = (['draft', 'processed', 'paid', 'cancelled'] as const).map((s) => ({
    value: s,
    label: t(`payroll.statuses.${s}`),
  }));
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('payroll.search')}
        aria-label={t('payroll.search')}
        style={{ width: 240 }}
        onSearch={onSearch}
      />
      <Select
        aria-label={t('payroll.status')}
        style={{ width: 170 }}
        value={status ?? 'all'}
        onChange={(v) => onStatus(v === 'all' ? undefined : (v as PayrollStatus))}
        options={[
          {
            value: 'all',
            label: t('common.labelled', { label: t('payroll.status'), value: t('payroll.all') }),
          },
          ...statusOptions,
        ]}
      />
      <Select
        aria-label={t('payroll.month')}
        style={{ width: 170 }}
        value={month ?? 'all'}
        onChange={(v) => onMonth(v === 'all' ? undefined : Number(v))}
        options={[
          {
            value: 'all',
            label: t('common.labelled', { label: t('payroll.month'), value: t('payroll.all') }),
          },
          ...Array.from({ length: 12 }, (_, m) => ({ value: m, label: monthName(m, i18n.language) })),
        ]}
      />
    </Space>
  );
}
