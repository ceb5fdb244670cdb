// A card that lists a person's items (shifts, payslips, notifications, a team's pay): its title,
// a compact list, and what it says when the list is empty.
import { Card, List } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../EmptyState.tsx';

export function ListCard<T>({
  title,
  extra,
  testId,
  items,
  loading,
  empty,
  renderItem,
  fullHeight = true,
}: {
  title: ReactNode;
  extra?: ReactNode;
  testId: string;
  items: T[];
  loading: boolean;
  empty: string;
  renderItem: (item: T) => ReactNode;
  /** Fills its grid cell, so cards side by side end level. */
  fullHeight?: boolean;
}) {
  return (
    <Card
      title={title}
      extra={extra}
      data-testid={testId}
      style={fullHeight ? { height: '100%' } : undefined}
    >
      <List<T>
        size="small"
        dataSource={items}
        loading={loading}
        locale={{ emptyText: <EmptyState text={empty} /> }}
        renderItem={(item) => renderItem(item)}
      />
    </Card>
  );
}
