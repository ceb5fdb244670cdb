// One field of a form laid out on a grid: a cell half the row wide from md up (or the whole row),
// holding the labelled form item and its control.
import { Col, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';

export function FieldCell({
  name,
  label,
  rules,
  extra,
  half = true,
  children,
}: {
  name: string;
  label: string;
  rules?: Rule[];
  /** The help line under the control. */
  extra?: ReactNode;
  /** Half the row from md up (the default), else the whole row. */
  half?: boolean;
  children: ReactNode;
}) {
  return (
    <Col xs={24} md={half ? 12 : 24}>
      <Form.Item name={name} label={label} rules={rules} extra={extra}>
        {children}
      </Form.Item>
    </Col>
  );
}
