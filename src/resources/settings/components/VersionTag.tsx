// A dated version's state as a coloured tag, the same in every versioned list (pay rule sets,
// leave policies): in force green, scheduled blue, superseded grey.
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { VersionState } from '../versions.ts';

const COLOR: Record<VersionState, string> = {
  inForce: 'green',
  scheduled: 'blue',
  superseded: 'default',
};

export function VersionTag({
  state,
  testId,
  children,
}: {
  state: VersionState;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tag color={COLOR[state]} data-testid={testId}>
      {children}
    </Tag>
  );
}
