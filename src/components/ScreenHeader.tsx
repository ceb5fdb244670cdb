// A screen's title row: the title (and a line under it) on the left, the screen's actions on the
// right; on a narrow screen the actions wrap under the title.
import { Col, Row, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export function ScreenHeader({
  title,
  subtitle,
  actions,
  level = 2,
  marginBottom = 16,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
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
