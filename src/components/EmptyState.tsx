// The one way an empty list, table or card reads: antd's small image and a sentence under it.
import { Empty } from 'antd';
import type { ReactNode } from 'react';

export function EmptyState({ text, children }: { text?: ReactNode; children?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      {children}
    </Empty>
  );
}
