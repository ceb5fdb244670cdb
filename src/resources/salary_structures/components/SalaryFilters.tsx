// The salary list's filters: search by name, active, approval and payment status, and the month
// whose hours the table shows.
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { monthName } from '../../../shared/format/index.ts';
import type { ApprovalStatus, PaymentStatus, SalaryFilters as Filters } from '../data.ts';

export function SalaryFilters({
  filters,
  onChange,
  month,
  onMonth,
}: {
  filters: Filters;
  onChange: (change: (f: Filters) => Filters) => void;
  month: number;
  onMonth: (month: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const all = (label: string) => t('common.labelled', { label: t(label), value: t('salary.filters.all') });
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('salary.filters.search')}
        aria-label={t('salary.filters.search')}
        style={{ width: 250 }}
        onSearch={(value) => onChange((f) => ({ ...f, search: value.trim() || undefined }))}
      />
      <Select
        aria-label={t('salary.filters.active')}
        style={{ width: 180 }}
        value={filters.active === undefined ? 'all' : filters.active ? 'active' : 'inactive'}
        onChange={(v) => onChange((f) => ({ ...f, active: v === 'all' ? undefined : v === 'active' }))}
        options={[
          { value: 'all', label: all('salary.filters.active') },
          { value: 'active', label: t('salary.filters.activeOnly') },
          { value: 'inactive', label: t('salary.filters.inactive') },
        ]}
      />
      <Select
        aria-label={t('salary.filters.approval')}
        data-testid="filter-approval"
        style={{ width: 170 }}
        value={filters.approval ?? 'all'}
        onChange={(v) =>
          onChange((f) => ({ ...f, approval: v === 'all' ? undefined : (v as ApprovalStatus) }))
        }
        options={[
          { value: 'all', label: all('salary.filters.approval') },
          ...(['pending', 'approved', 'rejected'] as const).map((s) => ({
            value: s,
            label: t(`salary.approvalStatus.${s}`),
          })),
        ]}
      />
      <Select
        aria-label={t('salary.filters.payment')}
        style={{ width: 170 }}
        value={filters.payment ?? 'all'}
        onChange={(v) => onChange((f) => ({ ...f, payment: v === 'all' ? undefined : (v as PaymentStatus) }))}
        options={[
          { value: 'all', label: all('salary.filters.payment') },
          ...(['pending', 'processing', 'paid', 'failed'] as const).map((s) => ({
            value: s,
            label: t(`salary.paymentStatus.${s}`),
          })),
        ]}
      />
      <Select
        aria-label={t('salary.filters.month')}
        style={{ width: 150 }}
        value={month}
        onChange={onMonth}
        options={Array.from({ length: 12 }, (_, m) => ({ value: m, label: monthName(m, i18n.language) }))}
      />
    </Space>
  );
}
