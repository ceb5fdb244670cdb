// One text field of a dialog's form: its label, whether it may be left empty, the rules it must pass, a line of help under it,
// and an input that a screen reader names by the label (the tests find it so too).
import { Form, Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';

type Props = Omit<InputProps, 'name' | 'required'> & {
  name: string;
  label: string;
  /** The message when it is left empty (blank counts as empty); without it, it may be. */
  required?: string;
  /** What a filled value must pass besides. */
  rules?: Rule[];
  /** The help line under the field. */
  help?: string;
};

export function LabelledInput({ name, label, required, rules = [], help, ...input }: Props) {
  const filled = required ? [{ required: true, whitespace: true, message: required }] : [];
  return (
    <Form.Item name={name} label={label} extra={help} rules={[...filled, ...rules]}>
      <Input aria-label={label} {...input} />
    </Form.Item>
  );
}
