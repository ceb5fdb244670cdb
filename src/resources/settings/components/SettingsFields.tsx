// The settings form's two kinds of field: a bounded whole number and a switch with what it does.
import { Form, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INTEGER_FIELDS, parseInteger, type IntegerField, type SWITCHES } from '../fields.ts';

export function IntegerInput({
  field,
  label,
  disabled,
}: {
  field: IntegerField;
  label: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
      name={field}
      rules={[
        {
          validator: (_, value) =>
            parseInteger(field, value) === null
              ? Promise.reject(new Error(t('settings.general.integerRange', INTEGER_FIELDS[field])))
              : Promise.resolve(),
        },
      ]}
    >
      <Input inputMode="numeric" disabled={disabled} />
    </Form.Item>
  );
}

export function Toggle({
  field,
  label,
  effect,
  disabled,
}: {
  field: (typeof SWITCHES)[number];
  label: string;
  effect: string;
  disabled: boolean;
}) {
  return (
    <div style={{ marginBottom: 16 }}>
      <Space align="center">
        <Form.Item name={field} valuePropName="checked" noStyle>
          <Switch aria-label={label} disabled={disabled} />
        </Form.Item>
        <Typography.Text strong>{label}</Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 52px', fontSize: 13 }}>
        {effect}
      </Typography.Paragraph>
    </div>
  );
}
