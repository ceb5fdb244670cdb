// The one salary form: create / edit (pending) / revise (approved → new version) a salary structure
// in the back office, and a manager's proposal for their team ('propose': created pending, an admin
// approves it; the database decides whom a manager may propose for). The live preview is the
// database's own computation (preview_pay) from the employee's pay profile (editable here by HR and
// admins), year to date and the rule sets the database holds.
import { useGetIdentity } from '@refinedev/core';
import { Col, Form, Modal, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../domain/payroll/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { useSavePayProfile, useSaveStructure, type EmployeeOption, type SalaryStructure } from './data.ts';
import { PayProfileFields } from './PayProfileFields.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import {
  fieldsOf,
  impliedCountry,
  initialValues,
  profileChanges,
  type ProfileValues,
  type Values,
} from './salaryForm.ts';
import { StructureFields } from './StructureFields.tsx';
import { useFormData } from './useFormData.ts';

/** 'amend': the author of a pending proposal changes its terms (a manager's own proposal). */
export type FormMode = 'create' | 'edit' | 'revise' | 'propose' | 'amend';

const TITLES: Record<FormMode, string> = {
  create: 'salary.form.createTitle',
  propose: 'salary.form.createTitle',
  edit: 'salary.form.editTitle',
  amend: 'proposals.editTitle',
  revise: 'salary.form.reviseTitle',
};

const SAVED: Record<FormMode, string> = {
  create: 'salary.form.created',
  propose: 'salary.form.created',
  edit: 'salary.form.updated',
  amend: 'salary.form.updated',
  revise: 'salary.form.revised',
};

export function SalaryFormDialog({
  mode,
  record,
  employees: given,
  onClose,
}: {
  mode: FormMode;
  record?: SalaryStructure;
  /** The people the form offers (a manager's team); by default every active person one may see. */
  employees?: EmployeeOption[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { data: identity } = useGetIdentity<Identity>();
  const [form] = Form.useForm<Values>();
  const save = useSaveStructure();
  const saveProfile = useSavePayProfile();
  const values = Form.useWatch([], form) as Values | undefined;
  const profileValues = Form.useWatch('profile', { form, preserve: true }) as ProfileValues | undefined;
  // Pay profiles are HR's and admins' to change (save_pay_profile refuses anyone else), one person at a time.
  const mayEditProfile = identity?.role === 'admin' || identity?.role === 'hr';
  const data = useFormData(form, values, profileValues, { employees: given, mayEditProfile });
  const creating = mode === 'create' || mode === 'propose';
  const initial = initialValues(record);
  const country: Country = values ? (impliedCountry(values.rule_set) ?? values.country) : initial.country;
  const currency = country === 'BF' ? 'XOF' : 'USD';

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const fields = fieldsOf(v);
    // The profile first: the database computes the structure from the stored profile.
    const edited = form.getFieldValue('profile') as ProfileValues | undefined;
    if (data.profileEditable && edited && data.firstEmployee) {
      const changes = profileChanges(edited, data.context);
      if (Object.keys(changes).length > 0) {
        try {
          await saveProfile.mutateAsync({ employeeId: data.firstEmployee, profile: changes });
        } catch (error) {
          feedback.failure(error, t('salary.form.profileEdit.failed'));
          return;
        }
      }
    }
    try {
      if (creating) await save.mutateAsync({ kind: 'create', employeeIds: v.employee_ids, fields });
      else if (record) await save.mutateAsync({ kind: mode, id: record.id, fields });
      feedback.success(t(SAVED[mode]));
      onClose(true);
    } catch (error) {
      feedback.failure(error, t(creating ? 'salary.form.failedSave' : 'salary.form.failedUpdate'));
    }
  }

  const selected = data.employees.find((e) => e.id === data.firstEmployee);

  return (
    <Modal
      open
      width={Math.min(920, window.innerWidth - 16)}
      title={t(TITLES[mode])}
      okText={t('salary.form.save')}
      cancelText={t('salary.form.cancel')}
      confirmLoading={save.isPending || saveProfile.isPending}
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
            const site = data.employees.find((e) => e.id === changed.employee_ids![0])?.sites?.country;
            if (site && creating) form.setFieldsValue({ country: site });
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <StructureFields
              creating={creating}
              employees={data.employees}
              ruleSets={data.ruleSets}
              values={values}
              country={country}
              currency={currency}
            />
            <PayProfileFields
              name={selected ? `${selected.first_name} ${selected.last_name}`.trim() : null}
              country={country}
              context={data.context}
              editable={data.profileEditable}
              many={data.many}
              mayEdit={mayEditProfile}
            />
          </Col>
          <Col xs={24} md={10}>
            <PreviewPanel preview={data.preview} currency={currency} />
            {(mode === 'propose' || mode === 'amend') && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('manager.salary.pendingNote')}
              </Typography.Paragraph>
            )}
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
