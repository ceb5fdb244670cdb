// One text field of the employee forms (registration and edit share most of them): a grid cell with
// its label, rules and an input.
import { Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { FieldCell } from '../../components/form/FieldCell.tsx';
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
    <FieldCell name={name} label={label} rules={rules} half={half}>
      {/* The table's bound (employees_<column>_length): the field cannot hold more. */}
      <Input maxLength={TEXT_LIMITS.employees[name]} />
    </FieldCell>
  );
}
