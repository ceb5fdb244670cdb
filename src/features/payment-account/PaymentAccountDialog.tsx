// Enters a new payment account: the method the person's site allows, then that method's details,
// checked as the database checks them (src/domain/payments) before it refuses them anyway.
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  abaRoutingValid,
  BANK_ACCOUNT_TYPES,
  bfIbanProblem,
  compact,
  compactIban,
  methodsAt,
  MOBILE_OPERATORS,
  normaliseBfMobile,
  usAccountNumberValid,
  type Country,
  type PaymentMethod,
} from '../../domain/payments/accounts.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { useSavePaymentAccount, type PaymentAccountInput, type PaymentAccountSummary } from './data.ts';

export function PaymentAccountDialog({
  employeeId,
  employeeName,
  country,
  current,
  onClose,
}: {
  employeeId: string;
  employeeName: string;
  country: Country;
  current: PaymentAccountSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<PaymentAccountInput>();
  const save = useSavePaymentAccount(employeeId);
  const [method, setMethod] = useState<PaymentMethod>(current?.method ?? 'bank_account');
  const required = { required: true, message: t('payments.account.required') };
  const check = (valid: (value: string) => boolean, message: string) => ({
    validator: (_: unknown, value?: string) =>
      !value || valid(value) ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  async function submit() {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({
        ...values,
        method,
        routingNumber: values.routingNumber && compact(values.routingNumber),
        accountNumber: values.accountNumber && compact(values.accountNumber),
        iban: values.iban && compactIban(values.iban),
      });
      feedback.success(t('payments.account.saved'));
      onClose();
    } catch (error) {
      feedback.failure(error);
    }
  }

  return (
    <Modal
      open
      title={t('payments.account.dialogTitle', { name: employeeName })}
      okText={t('payments.account.save')}
      cancelText={t('payments.account.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'save-payment-account' } as Record<string, string>}
    >
      {current && (
        <Alert
          type="info"
          showIcon
          message={t('payments.account.replaceNote')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<PaymentAccountInput>
        form={form}
        layout="vertical"
        initialValues={{ accountType: 'checking', operator: current?.operator ?? 'orange_money' }}
      >
        <Form.Item label={t('payments.account.method')}>
          <Radio.Group
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            optionType="button"
            options={methodsAt(country).map((m) => ({ value: m, label: t(`payments.account.methods.${m}`) }))}
          />
        </Form.Item>
        {method === 'bank_account' && country === 'US' && (
          <>
            <Form.Item
              name="routingNumber"
              label={t('payments.account.routingNumber')}
              rules={[
                required,
                check((v) => abaRoutingValid(compact(v)), t('payments.account.invalid.routing')),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" maxLength={11} />
            </Form.Item>
            <Form.Item
              name="accountNumber"
              label={t('payments.account.accountNumber')}
              rules={[
                required,
                check((v) => usAccountNumberValid(compact(v)), t('payments.account.invalid.account')),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" maxLength={21} />
            </Form.Item>
            <Form.Item name="accountType" label={t('payments.account.accountType')} rules={[required]}>
              <Radio.Group
                options={BANK_ACCOUNT_TYPES.map((v) => ({
                  value: v,
                  label: t(`payments.account.accountTypes.${v}`),
                }))}
              />
            </Form.Item>
          </>
        )}
        {method === 'bank_account' && country === 'BF' && (
          <>
            <Form.Item
              name="iban"
              label={t('payments.account.iban')}
              rules={[
                required,
                // The form first (28 characters of the right kinds), then the check digits: two messages.
                check(
                  (v) => bfIbanProblem(compactIban(v)) !== 'form',
                  t('payments.account.invalid.ibanForm'),
                ),
                check((v) => bfIbanProblem(compactIban(v)) !== 'check', t('payments.account.invalid.iban')),
              ]}
            >
              <Input autoComplete="off" maxLength={40} placeholder="BF.. .... .... .... .... .... ...." />
            </Form.Item>
            <Form.Item name="bankName" label={t('payments.account.bankName')} rules={[required, { max: 80 }]}>
              <Input maxLength={80} />
            </Form.Item>
          </>
        )}
        {method === 'mobile_money' && (
          <>
            <Form.Item name="operator" label={t('payments.account.operator')} rules={[required]}>
              <Select
                options={MOBILE_OPERATORS.map((v) => ({
                  value: v,
                  label: t(`payments.account.operators.${v}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="msisdn"
              label={t('payments.account.msisdn')}
              extra={t('payments.account.msisdnHelp')}
              rules={[
                required,
                check((v) => normaliseBfMobile(v) !== null, t('payments.account.invalid.msisdn')),
              ]}
            >
              <Input inputMode="tel" autoComplete="off" maxLength={20} placeholder="+226 70 00 00 00" />
            </Form.Item>
          </>
        )}
        {method === 'cash' && <Alert type="info" message={t('payments.account.cashNote')} />}
      </Form>
    </Modal>
  );
}
