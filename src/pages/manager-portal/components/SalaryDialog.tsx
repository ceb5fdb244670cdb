// Create a salary structure for a team member: pending until an admin approves it
// (create_salary_structures). The preview computes the pay with the payroll domain, as it will be saved.
import { useNotification } from '@refinedev/core';
import { Col, DatePicker, Descriptions, Form, InputNumber, Modal, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { computePay, type Country, type PayBasis } from '../../../domain/payroll/index.ts';
import { supabase } from '../../../data/client.ts';
import type { TeamMember } from '../data.ts';

interface Values {
  employee?: string;
  pay_basis: PayBasis;
  country: Country;
  basic_salary?: number;
  hours_worked?: number;
  hourly_rate?: number;
  overtime_hours?: number;
  overtime_rate?: number;
  house_rent?: number;
  transport?: number;
  other_deductions?: number;
  effective_date?: Dayjs;
}

const dec = (n: number | undefined) => String(Number(n ?? 0) || 0);

export function SalaryDialog({
  open: visible,
  members,
  onClose,
  onSaved,
}: {
  open: boolean;
  members: TeamMember[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const [saving, setSaving] = useState(false);

  const preview = useMemo(() => {
    const v = values;
    if (!v) return null;
    try {
      return computePay({
        rule_set: 'spec-default',
        country: v.country ?? 'US',
        period_date: (v.effective_date ?? dayjs()).format('YYYY-MM-DD'),
        frequency: 'monthly',
        pay_basis: v.pay_basis ?? 'salaried',
        basic_salary: dec(v.basic_salary),
        hours_worked: dec(v.hours_worked),
        hourly_rate: dec(v.hourly_rate),
        overtime_hours: dec(v.overtime_hours),
        overtime_rate: v.overtime_rate ? dec(v.overtime_rate) : undefined,
        allowances: { house_rent: dec(v.house_rent), transport: dec(v.transport) },
        other_deductions: dec(v.other_deductions),
      });
    } catch {
      return null;
    }
  }, [values]);

  const save = async () => {
    const v = form.getFieldsValue();
    if (!v.employee) {
      open?.({ type: 'error', message: t('manager.salary.required') });
      return;
    }
    setSaving(true);
    const { error } = await supabase().rpc('create_salary_structures', {
      p_employee_ids: [v.employee],
      p_fields: {
        rule_set: 'spec-default',
        country: v.country,
        pay_basis: v.pay_basis,
        frequency: 'monthly',
        basic_salary: dec(v.basic_salary),
        hours_worked: dec(v.hours_worked),
        hourly_rate: dec(v.hourly_rate),
        overtime_hours: dec(v.overtime_hours),
        ...(v.overtime_rate ? { overtime_rate: dec(v.overtime_rate) } : {}),
        allowances: { house_rent: dec(v.house_rent), transport: dec(v.transport) },
        other_deductions: dec(v.other_deductions),
        effective_date: (v.effective_date ?? dayjs()).format('YYYY-MM-DD'),
      },
    });
    setSaving(false);
    if (error) {
      open?.({ type: 'error', message: t('manager.salary.failed'), description: error.message });
      return;
    }
    open?.({ type: 'success', message: t('manager.salary.created') });
    form.resetFields();
    onSaved();
  };

  const money = (field: keyof Values, label: string) => (
    <Col xs={24} sm={12}>
      <Form.Item name={field} label={label}>
        <InputNumber min={0} style={{ width: '100%' }} aria-label={label} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={visible}
      title={t('manager.salary.title')}
      okText={t('manager.salary.save')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ pay_basis: 'salaried', country: 'US', effective_date: dayjs() }}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="employee" label={t('manager.salary.employee')}>
              <Select
                showSearch
                optionFilterProp="label"
                aria-label={t('manager.salary.employee')}
                options={members.map((m) => ({
                  value: m.id,
                  label: `${m.first_name} ${m.last_name}`.trim(),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="pay_basis" label={t('manager.salary.payBasis')}>
              <Select
                options={[
                  { value: 'salaried', label: t('manager.salary.salaried') },
                  { value: 'hourly', label: t('manager.salary.hourly') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="country" label={t('manager.salary.country')}>
              <Select options={[{ value: 'US' }, { value: 'BF' }]} />
            </Form.Item>
          </Col>
          {money('basic_salary', t('manager.salary.basic'))}
          {money('hours_worked', t('manager.salary.hoursWorked'))}
          {money('hourly_rate', t('manager.salary.hourlyRate'))}
          {money('overtime_hours', t('manager.salary.overtimeHours'))}
          {money('overtime_rate', t('manager.salary.overtimeRate'))}
          {money('house_rent', t('manager.salary.housing'))}
          {money('transport', t('manager.salary.transport'))}
          {money('other_deductions', t('manager.salary.deductions'))}
          <Col xs={24} sm={12}>
            <Form.Item name="effective_date" label={t('manager.salary.effectiveDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Title level={5}>{t('manager.salary.preview')}</Typography.Title>
      {preview && (
        <Descriptions size="small" column={3} data-testid="salary-preview">
          <Descriptions.Item label={t('manager.salary.gross')}>
            {preview.gross} {preview.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('manager.salary.totalDeductions')}>
            {preview.total_deductions} {preview.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('manager.salary.net')}>
            {preview.net} {preview.currency}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Text type="secondary">{t('manager.salary.pendingNote')}</Typography.Text>
    </Modal>
  );
}
