// The salary list's filters: search by name, active, approval and payment status, and the month
// whose hours the table shows.
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { monthName } from '../../../shared/format/index.ts';
import type { ApprovalStatus, PaymentStatus, SalaryFilters as Filters } from '../data.ts';
import { SearchBox } from '../../../components/SearchBox.tsx';

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
  const allText = t('salary.filters.all');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <SearchBox
        label={t('salary.filters.search')}
        width={250}
        onSearch={(value) => onChange((f) => ({ ...f, search: value.trim() || undefined }))}
      />
      <FilterSelect
        label={t('salary.filters.active')}
        allText={allText}
        width={180}
        value={filters.active === undefined ? undefined : filters.active ? 'active' : 'inactive'}
        onChange={(v) => onChange((f) => ({ ...f, active: v === undefined ? undefined : v === 'active' }))}
        options={[
          { value: 'active', label: t('salary.filters.activeOnly') },
          { value: 'inactive', label: t('salary.filters.inactive') },
        ]}
      />
      <FilterSelect<ApprovalStatus>
        label={t('salary.filters.approval')}
        allText={allText}
        testId="filter-approval"
        value={filters.approval}
        onChange={(approval) => onChange((f) => ({ ...f, approval }))}
        options={(['pending', 'approved', 'rejected'] as const).map((s) => ({
          value: s,
          label: t(`salary.approvalStatus.${s}`),
        }))}
      />
      <FilterSelect<PaymentStatus>
        label={t('salary.filters.payment')}
        allText={allText}
        value={filters.payment}
        onChange={(payment) => onChange((f) => ({ ...f, payment }))}
        options={(['pending', 'processing', 'paid', 'failed'] as const).map((s) => ({
          value: s,
          label: t(`salary.paymentStatus.${s}`),
        }))}
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
