// A new dated version of a leave type's policy in one country: a copy of its latest version (when
// there is one), edited, from a day after today. Past versions are never edited; the database
// refuses a version that does not start after today (leave.policy_not_future) and every figure out
// of its range.
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddLeavePolicy,
  useLeaveLabels,
  useLeaveTypes,
  type LeavePolicy,
  type NewLeavePolicy,
} from '../../../features/leave/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { validWhen } from '../../../components/form/validWhen.ts';

type Values = Omit<NewLeavePolicy, 'country' | 'id' | 'created_at' | 'updated_by'>;

const EDITABLE = [
  'leave_type',
  'paid',
  'unit',
  'counts',
  'accrual',
  'accrual_amount',
  'accrual_per_hours',
  'yearly_cap',
  'carry_over_cap',
  'max_per_request',
  'day_hours',
  'half_days',
  'allows_negative',
  'approver',
  'source',
  'seniority',
] as const;

const DEFAULTS: Partial<Values> = {
  paid: true,
  unit: 'days',
  counts: 'working_days',
  accrual: 'none',
  accrual_amount: 0,
  day_hours: 8,
  half_days: true,
  allows_negative: false,
  approver: 'manager',
};

interface Props {
  open: boolean;
  /** The version to copy; null: choose the type (a company type may have none yet). */
  basis: LeavePolicy | null;
  country: 'US' | 'BF';
  /** This country's versions, newest first per type. */
  versions: LeavePolicy[];
  onClose: () => void;
}

export function NewLeavePolicyDialog({ open, basis, country, versions, onClose }: Props) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const labels = useLeaveLabels();
  const types = useLeaveTypes();
  const add = useAddLeavePolicy();
  const [form] = Form.useForm<Values>();
  const accrual = Form.useWatch('accrual', form);
  const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');

  const copyOf = (policy: LeavePolicy | undefined, type: string | undefined): Partial<Values> => ({
    ...DEFAULTS,
    ...(policy ? Object.fromEntries(EDITABLE.map((k) => [k, policy[k]])) : {}),
    leave_type: type,
    effective_from: tomorrow,
  });
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(copyOf(basis ?? undefined, basis?.leave_type));
    }
    // Prefilled once per opening.
  }, [open, basis]);

  const chooseType = (type: string) =>
    form.setFieldsValue(
      copyOf(
        versions.find((v) => v.leave_type === type),
        type,
      ),
    );

  const save = async (values: Values) => {
    const policy: NewLeavePolicy = {
      ...values,
      country,
      source: values.source.trim(),
      accrual_per_hours: values.accrual === 'hours_worked' ? values.accrual_per_hours : null,
      seniority: basis?.leave_type === values.leave_type ? basis.seniority : [],
    };
    try {
      await add.mutateAsync(policy);
    } catch (error) {
      feedback.failure(error);
      return;
    }
    feedback.success(t('leavePolicies.versionAdded'));
    onClose();
  };

  const required = { required: true, message: t('leavePolicies.required') };
  const options = (group: string, values: string[]) =>
    values.map((value) => ({ value, label: t(`leavePolicies.${group}.${value}`) }));
  const number = (name: keyof Values, min: number, max: number, isRequired = false) => (
    <Form.Item
      name={name}
      label={t(`leavePolicies.field.${FIELD_LABEL[name] ?? name}`)}
      rules={isRequired ? [required] : []}
    >
      <InputNumber min={min} max={max} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={`${t('leavePolicies.newVersion')} · ${t(`settings.countries.${country}`)}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} data-testid="leave-policy-form">
        <Form.Item name="leave_type" label={t('leavePolicies.field.leaveType')} rules={[required]}>
          <Select
            disabled={basis !== null}
            onChange={chooseType}
            options={(types.data ?? [])
              .filter((x) => x.active)
              .map((x) => ({ value: x.code, label: labels.typeName(x.code) }))}
          />
        </Form.Item>
        <Form.Item
          name="effective_from"
          label={t('leavePolicies.field.effectiveFrom')}
          rules={[required, validWhen((day) => day >= tomorrow, t('leavePolicies.notAfterToday'))]}
        >
          <Input type="date" min={tomorrow} />
        </Form.Item>
        <Form.Item name="paid" label={t('leavePolicies.field.paid')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="unit" label={t('leavePolicies.field.unit')}>
          <Select options={options('unit', ['days', 'hours'])} />
        </Form.Item>
        <Form.Item name="counts" label={t('leavePolicies.field.counts')}>
          <Select options={options('counts', ['working_days', 'calendar_days'])} />
        </Form.Item>
        <Form.Item name="accrual" label={t('leavePolicies.field.accrual')}>
          <Select
            options={options('accrualKind', ['monthly_service', 'hours_worked', 'yearly_grant', 'none'])}
          />
        </Form.Item>
        {number('accrual_amount', 0, 1000, true)}
        {accrual === 'hours_worked' && number('accrual_per_hours', 0.01, 1000, true)}
        {number('yearly_cap', 0, 10000)}
        {number('carry_over_cap', 0, 10000)}
        {number('max_per_request', 0.5, 10000)}
        {number('day_hours', 0.25, 24, true)}
        <Form.Item name="half_days" label={t('leavePolicies.field.halfDays')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="allows_negative"
          label={t('leavePolicies.field.allowsNegative')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="approver" label={t('leavePolicies.field.approver')}>
          <Select options={options('approver', ['manager', 'hr'])} />
        </Form.Item>
        <Form.Item
          name="source"
          label={t('leavePolicies.field.source')}
          rules={[{ ...required, whitespace: true }]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const FIELD_LABEL: Partial<Record<keyof Values, string>> = {
  accrual_amount: 'accrualAmount',
  accrual_per_hours: 'accrualPerHours',
  yearly_cap: 'yearlyCap',
  carry_over_cap: 'carryOverCap',
  max_per_request: 'maxPerRequest',
  day_hours: 'dayHours',
};
