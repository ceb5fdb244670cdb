// A screen's title row: the title (and a line under it) on the left, the screen's actions on the
// right; on a narrow screen the actions wrap under the title. ScreenColumn: a screen of cards under one.
import { Col, Row, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

interface HeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

export function ScreenHeader({
  title,
  subtitle,
  actions,
  level = 2,
  marginBottom = 16,
}: HeaderProps & {
  level?: 2 | 3;
  /** 0 inside a container that already spaces its children. */
  marginBottom?: number;
}) {
  return (
    <Row justify="space-between" align="middle" gutter={[16, 8]} style={{ marginBottom }}>
      <Col>
        <Typography.Title level={level} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </Col>
      {actions && (
        <Col>
          <Space wrap>{actions}</Space>
        </Col>
      )}
    </Row>
  );
}

/** A screen laid out as one column of cards, 16px apart, under its header (a level smaller). */
export function ScreenColumn({ children, ...header }: HeaderProps & { children: ReactNode }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', padding: 8 }}>
      <ScreenHeader level={3} marginBottom={0} {...header} />
      {children}
    </Space>
  );
}
