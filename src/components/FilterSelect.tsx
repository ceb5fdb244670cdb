// A list filter's choices, led by '<Filter>: All', which means no filter (the value undefined).
import { Select } from 'antd';

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
  return (
    <Select<T | typeof ALL>
      aria-label={label}
      data-testid={testId}
      style={{ width }}
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? undefined : (v as T))}
      options={[{ value: ALL, label: `${label}: ${allText}` }, ...options]}
    />
  );
}
