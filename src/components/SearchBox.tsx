// A list's search box: its hint is also its accessible name (there is no visible label), and it can
// be cleared. Enter, the button or the clear cross searches (antd's Input.Search).
import { Input } from 'antd';
import type { SearchProps } from 'antd/es/input';

type Props = Omit<SearchProps, 'placeholder' | 'aria-label' | 'allowClear' | 'style'> & {
  label: string;
  width?: number;
};

export function SearchBox({ label, width, ...search }: Props) {
  return (
    <Input.Search
      allowClear
      placeholder={label}
      aria-label={label}
      style={width ? { width } : undefined}
      {...search}
    />
  );
}
