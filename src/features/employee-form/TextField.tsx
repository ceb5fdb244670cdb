// One text field of the employee forms (registration and edit share most of them): a grid cell with
// its label, rules and an input.
import { Col, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';

type EmployeeText = keyof typeof TEXT_LIMITS.employees;

export function TextField({
  name,
  label,
  rules,
  half = true,
}: {
  name: EmployeeText;
  label: string;
  rules?: Rule[];
  /** Half the row from md up (the default), else the whole row. */
  half?: boolean;
}) {
  return (
    <Col xs={24} md={half ? 12 : 24}>
      <Form.Item name={name} label={label} rules={rules}>
        {/* The table's bound (employees_<column>_length): the field cannot hold more. */}
        <Input maxLength={TEXT_LIMITS.employees[name]} />
      </Form.Item>
    </Col>
  );
}
