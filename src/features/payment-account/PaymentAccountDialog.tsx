// Enters a new payment account: the method the person's site allows, then that method's details,
// checked as the database checks them (src/domain/payments) before it refuses them anyway.
import { Alert, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
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
import { LabelledInput } from '../../components/form/LabelledInput.tsx';
import { validWhen } from '../../components/form/validWhen.ts';
import { useSavePaymentAccount, type PaymentAccountInput, type PaymentAccountSummary } from './data.ts';
import { useFormDialog } from '../../components/form/useFormDialog.ts';

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
  const { t, feedback, form } = useFormDialog<PaymentAccountInput>();
  const save = useSavePaymentAccount(employeeId);
  const [method, setMethod] = useState<PaymentMethod>(current?.method ?? 'bank_account');
  const requiredText = t('payments.account.required');
  const required = { required: true, message: requiredText };
  // A US number field: digits (spaces and dashes allowed, compacted before the check).
  const digits = (
    name: 'routingNumber' | 'accountNumber',
    maxLength: number,
    valid: (digits: string) => boolean,
    invalid: 'routing' | 'account',
  ) => (
    <LabelledInput
      name={name}
      label={t(`payments.account.${name}`)}
      required={requiredText}
      rules={[validWhen((v) => valid(compact(v)), t(`payments.account.invalid.${invalid}`))]}
      inputMode="numeric"
      autoComplete="off"
      maxLength={maxLength}
    />
  );

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
            {digits('routingNumber', 11, abaRoutingValid, 'routing')}
            {digits('accountNumber', 21, usAccountNumberValid, 'account')}
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
            <LabelledInput
              name="iban"
              label={t('payments.account.iban')}
              required={requiredText}
              rules={[
                // The form first (28 characters of the right kinds), then the check digits: two messages.
                validWhen(
                  (v) => bfIbanProblem(compactIban(v)) !== 'form',
                  t('payments.account.invalid.ibanForm'),
                ),
                validWhen(
                  (v) => bfIbanProblem(compactIban(v)) !== 'check',
                  t('payments.account.invalid.iban'),
                ),
              ]}
              autoComplete="off"
              maxLength={40}
              placeholder="BF.. .... .... .... .... .... ...."
            />
            <LabelledInput
              name="bankName"
              label={t('payments.account.bankName')}
              required={requiredText}
              rules={[{ max: 80 }]}
              maxLength={80}
            />
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
            <LabelledInput
              name="msisdn"
              label={t('payments.account.msisdn')}
              help={t('payments.account.msisdnHelp')}
              required={requiredText}
              rules={[validWhen((v) => normaliseBfMobile(v) !== null, t('payments.account.invalid.msisdn'))]}
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              placeholder="+226 70 00 00 00"
            />
          </>
        )}
        {method === 'cash' && <Alert type="info" message={t('payments.account.cashNote')} />}
      </Form>
    </Modal>
  );
}
