// A list filter's choices, led by '<Filter>: All' (French puts a space before the colon), which means no filter (the value undefined).
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

const ALL = 'all';

export function FilterSelect<T extends string | number>({
  label,
  allText,
  value,
  onChange,
  options,
  width = 170,
  testId,
}: {
  label: string;
  /** The word for 'all' ('All', 'Tous'). */
  allText: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: { value: T; label: string }[];
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<T | typeof ALL>
      aria-label={label}
      data-testid={testId}
      style={{ width }}
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? undefined : (v as T))}
      options={[{ value: ALL, label: t('common.labelled', { label, value: allText }) }, ...options]}
    />
  );
}
