// The card of the pages one opens signed out (sign-up, new password): centred on a grey page,
// its title and the language switch on top.
import { Card, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export function PublicCard({
  title,
  level,
  width,
  keepHeaderOnOneLine = false,
  children,
}: {
  title: ReactNode;
  level: 3 | 4;
  width: number;
  /** The title wraps rather than pushing the switch to a line of its own. */
  keepHeaderOnOneLine?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f5f5f5',
        padding: 24,
      }}
    >
      <Card style={{ width, maxWidth: '100%' }}>
        <Row
          justify="space-between"
          align="middle"
          {...(keepHeaderOnOneLine ? { wrap: false, style: { gap: 8 } } : {})}
        >
          <Typography.Title level={level} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <LanguageSwitch />
        </Row>
        {children}
      </Card>
    </div>
  );
}
