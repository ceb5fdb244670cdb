// Create / edit (pending) / revise (approved → new version) a salary structure, with the live preview
// computed by the TypeScript mirror of the database's rules (src/domain/payroll), from the employee's
// pay profile (editable here by HR and admins), year to date and the rule sets as the database holds them.
import { useGetIdentity } from '@refinedev/core';
import { App as AntApp, Col, Form, Modal, Row } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRuleSets, type Country, type RuleSets } from '../../../domain/payroll/index.ts';
import type { Identity } from '../../../providers/identity.ts';
import { supabase } from '../../../data/client.ts';
import {
  createStructures,
  loadRuleSets,
  payContext,
  reviseStructure,
  savePayProfile,
  updateStructure,
  type PayContext,
  type SalaryStructure,
} from '../queries.ts';
import { PayProfileFields } from './PayProfileFields.tsx';
import { StructureFields, type EmployeeOption } from './StructureFields.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import {
  fieldsOf,
  impliedCountry,
  previewOf,
  profileChanges,
  profileFromValues,
  profileValuesOf,
  type ProfileValues,
  type Values,
} from './salaryForm.ts';
import { useErrorToast } from './useErrorToast.ts';

export type FormMode = 'create' | 'edit' | 'revise';

export function SalaryFormDialog({
  mode,
  record,
  onClose,
}: {
  mode: FormMode;
  record?: SalaryStructure;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message, notification } = AntApp.useApp();
  const showError = useErrorToast();
  const { data: identity } = useGetIdentity<Identity>();
  const [form] = Form.useForm<Values>();
  const [employees, setEmployees] = useState<EmployeeOption[]>([]);
  const [ruleSets, setRuleSets] = useState<RuleSets>(defaultRuleSets);
  const [context, setContext] = useState<PayContext | null>(null);
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Values | undefined;
  const profileValues = Form.useWatch('profile', { form, preserve: true }) as ProfileValues | undefined;
  const profileLoadedFor = useRef<string | null>(null);

  useEffect(() => {
    void supabase()
      .from('employees')
      .select('id, first_name, last_name, sites(country)')
      .eq('status', 'active')
      .neq('role', 'kiosk')
      .order('first_name')
      .then(({ data, error }) => {
        if (error) notification.error({ message: 'Error', description: 'Failed to load employees' });
        else setEmployees((data ?? []) as unknown as EmployeeOption[]);
      });
    loadRuleSets()
      .then((sets) => Object.keys(sets).length > 0 && setRuleSets(sets))
      .catch(() => undefined);
  }, [notification]);

  const firstEmployee = values?.employee_ids?.[0];
  const periodDate = values?.effective_date?.format('YYYY-MM-DD');
  useEffect(() => {
    if (!firstEmployee || !periodDate) {
      setContext(null);
      return;
    }
    let stale = false;
    payContext(firstEmployee, periodDate)
      .then((c) => {
        if (stale) return;
        setContext(c);
        // A newly selected employee brings their stored profile; a new date keeps the edits.
        if (profileLoadedFor.current !== firstEmployee) {
          profileLoadedFor.current = firstEmployee;
          form.setFieldsValue({ profile: profileValuesOf(c) });
        }
      })
      .catch(() => !stale && setContext(null));
    return () => {
      stale = true;
    };
  }, [firstEmployee, periodDate, form]);

  const initial: Values = record
    ? {
        employee_ids: [record.employee_id],
        rule_set: record.rule_set,
        country: record.country,
        pay_basis: record.pay_basis,
        frequency: record.frequency,
        basic_salary: String(record.basic_salary),
        hours_worked: String(record.hours_worked),
        hourly_rate: String(record.hourly_rate),
        overtime_hours: String(record.overtime_hours),
        overtime_rate: String(record.overtime_rate),
        other_deductions: String(record.other_deductions),
        effective_date: dayjs(record.effective_date),
        delay_buffer: record.delay_buffer,
        allowances: Object.fromEntries(
          Object.entries(record.allowances ?? {}).map(([k, v]) => [k, String(v)]),
        ),
      }
    : {
        employee_ids: [],
        rule_set: 'spec-default',
        country: 'US',
        pay_basis: 'salaried',
        frequency: 'weekly',
        hours_worked: '160',
        overtime_rate: '1.5',
        effective_date: dayjs(),
        delay_buffer: 2,
      };

  const country: Country = values ? (impliedCountry(values.rule_set) ?? values.country) : initial.country;
  const currency = country === 'BF' ? 'XOF' : 'USD';
  // Pay profiles are HR's and admins' to change (save_pay_profile refuses anyone else), one person at a time.
  const mayEditProfile = identity?.role === 'admin' || identity?.role === 'hr';
  const many = (values?.employee_ids?.length ?? 0) > 1;
  const profileEditable = mayEditProfile && !many && context !== null && profileValues !== undefined;

  const preview = useMemo(() => {
    if (!values?.effective_date || !values.rule_set) return null;
    try {
      return previewOf(
        fieldsOf(values),
        context,
        ruleSets,
        profileEditable && profileValues ? profileFromValues(profileValues) : undefined,
      );
    } catch {
      return null;
    }
  }, [values, context, ruleSets, profileEditable, profileValues]);

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const fields = fieldsOf(v);
    if (mode === 'create' && !v.employee_ids?.length) {
      notification.error({
        message: t('salary.form.selectEmployees'),
        description: t('salary.form.selectEmployeesDetail'),
      });
      return;
    }
    setSaving(true);
    try {
      // The profile first: the database computes the structure from the stored profile.
      const edited = form.getFieldValue('profile') as ProfileValues | undefined;
      if (profileEditable && edited && firstEmployee) {
        const changes = profileChanges(edited, context);
        if (Object.keys(changes).length > 0) {
          try {
            await savePayProfile(firstEmployee, changes);
          } catch (error) {
            showError(t('salary.form.profileEdit.failed'), error);
            return;
          }
        }
      }
      if (mode === 'create') {
        await createStructures(v.employee_ids, fields);
        void message.success(t('salary.form.created'));
      } else if (mode === 'edit' && record) {
        await updateStructure(record.id, fields);
        void message.success(t('salary.form.updated'));
      } else if (record) {
        await reviseStructure(record.id, fields);
        void message.success(t('salary.form.revised'));
      }
      onClose(true);
    } catch (error) {
      showError(t(mode === 'create' ? 'salary.form.failedSave' : 'salary.form.failedUpdate'), error);
    } finally {
      setSaving(false);
    }
  }

  const title = t(
    mode === 'create'
      ? 'salary.form.createTitle'
      : mode === 'edit'
        ? 'salary.form.editTitle'
        : 'salary.form.reviseTitle',
  );
  const selected = employees.find((e) => e.id === firstEmployee);

  return (
    <Modal
      open
      width={Math.min(920, window.innerWidth - 16)}
      title={title}
      okText={t('salary.form.save')}
      cancelText={t('salary.form.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.employee_ids?.length) {
            const site = employees.find((e) => e.id === changed.employee_ids![0])?.sites?.country;
            if (site && mode === 'create') form.setFieldsValue({ country: site });
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <StructureFields
              mode={mode}
              employees={employees}
              values={values}
              country={country}
              currency={currency}
            />
            <PayProfileFields
              name={selected ? `${selected.first_name} ${selected.last_name}`.trim() : null}
              country={country}
              context={context}
              editable={profileEditable}
              many={many}
              mayEdit={mayEditProfile}
            />
          </Col>
          <Col xs={24} md={10}>
            <PreviewPanel preview={preview} currency={currency} />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
