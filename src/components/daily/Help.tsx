// A term with its one-line definition as a tooltip (the figures' definitions).
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

export function Help({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Tooltip title={text}>
      <span style={{ cursor: 'help', borderBottom: '1px dotted #999' }}>{children}</span>
    </Tooltip>
  );
}
