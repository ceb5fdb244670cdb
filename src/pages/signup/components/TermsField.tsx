// The terms box both sign-up forms (open and invited) require ticked.
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';

export function TermsField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="terms"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value) =>
            value ? Promise.resolve() : Promise.reject(new Error(t('signup.termsRequired'))),
        },
      ]}
    >
      <Checkbox>{t('signup.terms')}</Checkbox>
    </Form.Item>
  );
}
