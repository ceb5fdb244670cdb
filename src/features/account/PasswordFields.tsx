// A new password and its confirmation, with the rule's hint and its problems shown as the person
// types (the same rule the auth server applies: src/domain/password-policy.ts).
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, passwordProblems } from '../../domain/password-policy.ts';
import { weakPasswordText } from './auth-errors.ts';

/** The password rule as a form rule: what is wrong with the typed password, in the reader's words. */
export const strongPasswordRule = (t: TFunction, email?: string): Rule => ({
  validator: (_rule, value: string | undefined) => {
    const problems = value ? passwordProblems(value, email) : [];
    return problems.length === 0
      ? Promise.resolve()
      : Promise.reject(new Error(weakPasswordText(t, problems)));
  },
});

export function PasswordFields({
  name = 'password',
  label,
  email,
}: {
  /** The form field of the new password; its confirmation is `${name}Confirm`. */
  name?: string;
  label: string;
  /** The account's e-mail, which the rule may refuse inside a password. */
  email?: string;
}) {
  const { t } = useTranslation();
  const min = MIN_PASSWORD_LENGTH;
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        extra={t('accounts.password.hint', { min })}
        rules={[{ required: true, message: t('signup.required') }, strongPasswordRule(t, email)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={`${name}Confirm`}
        label={t('accounts.password.confirm')}
        dependencies={[name]}
        rules={[
          { required: true, message: t('accounts.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error(t('accounts.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
