// Search by name or id, status (all, draft, processed, paid, cancelled) and month (all twelve).
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { monthName } from '../../../shared/format/index.ts';
import type { PayrollStatus } from '../data.ts';
import { SearchBox } from '../../../components/SearchBox.tsx';

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
      <SearchBox label={t('payroll.search')} width={240} onSearch={onSearch} />
      <FilterSelect
        label={t('payroll.status')}
        allText={t('payroll.all')}
        value={status}
        onChange={onStatus}
        options={statusOptions}
      />
      <FilterSelect
        label={t('payroll.month')}
        allText={t('payroll.all')}
        value={month}
        onChange={onMonth}
        options={Array.from({ length: 12 }, (_, m) => ({ value: m, label: monthName(m, i18n.language) }))}
      />
    </Space>
  );
}
