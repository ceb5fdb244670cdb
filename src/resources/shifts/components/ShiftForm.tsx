// Create Shift / Edit Shift: name, break, start and end, Mon–Sun, site and a searchable,
// scrollable employee multi-select. Saved through save_shift; an incomplete form says what is missing.
import { MoonOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { saveShift } from '../data.ts';
import { crossesMidnight, DAYS, hhmm, missingFields, type MissingField, type ShiftRow } from '../week.ts';
import { useFormDialog } from '../../../components/form/useFormDialog.ts';

export interface Option {
  value: string;
  label: string;
}

interface Values {
  name?: string;
  break_duration?: number | null;
  start_time?: string;
  end_time?: string;
  days_of_week?: string[];
  site_id?: string | null;
  employee_ids?: string[];
}

interface Props {
  editing: ShiftRow | null;
  employees: Option[];
  sites: Option[];
  onDone: () => void;
}

export function ShiftForm({ editing, employees, sites, onDone }: Props) {
  const { t, feedback, form } = useFormDialog<Values>();
  const [missing, setMissing] = useState<MissingField[]>([]);
  const [saving, setSaving] = useState(false);
  const start = Form.useWatch('start_time', form);
  const end = Form.useWatch('end_time', form);

  useEffect(() => {
    setMissing([]);
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        break_duration: editing.break_duration,
        start_time: hhmm(editing.start_time),
        end_time: hhmm(editing.end_time),
        days_of_week: editing.days_of_week,
        site_id: editing.site_id,
        employee_ids: editing.employees.map((e) => e.id),
      });
    }
  }, [editing, form]);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    const gaps = missingFields(values);
    setMissing(gaps);
    if (gaps.length) return;
    setSaving(true);
    try {
      await saveShift({
        id: editing?.id,
        name: values.name!.trim(),
        site_id: values.site_id ?? null,
        start_time: values.start_time!,
        end_time: values.end_time!,
        break_duration: values.break_duration ?? 0,
        days_of_week: DAYS.filter((d) => values.days_of_week!.includes(d)),
        employee_ids: values.employee_ids ?? [],
      });
      feedback.success(t(editing ? 'shifts.updated' : 'shifts.created'));
      form.resetFields();
      onDone();
    } catch (error) {
      feedback.failure(error, t(editing ? 'shifts.errorUpdating' : 'shifts.errorCreating'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t(editing ? 'shifts.form.editTitle' : 'shifts.form.createTitle')}
      data-testid="shift-form"
      extra={
        editing && (
          <Button size="small" onClick={onDone}>
            {t('shifts.form.cancel')}
          </Button>
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ break_duration: 0 }}
      >
        <Form.Item label={t('shifts.form.name')} name="name">
          <Input maxLength={80} />
        </Form.Item>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item label={t('shifts.form.startTime')} name="start_time" style={{ flex: 1 }}>
            <Input type="time" />
          </Form.Item>
          <Form.Item label={t('shifts.form.endTime')} name="end_time" style={{ flex: 1 }}>
            <Input type="time" />
          </Form.Item>
        </Space.Compact>
        {start && end && crossesMidnight(start, end) && start !== end && (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            <MoonOutlined /> {t('shifts.form.crossesMidnight')}
          </Typography.Paragraph>
        )}
        <Form.Item label={t('shifts.form.breakDuration')} name="break_duration">
          <InputNumber min={0} max={720} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('shifts.form.days')} name="days_of_week">
          <Checkbox.Group options={DAYS.map((d) => ({ value: d, label: t(`shifts.days.${d}`) }))} />
        </Form.Item>
        <Form.Item label={t('shifts.form.site')} name="site_id">
          <Select allowClear placeholder={t('shifts.form.noSite')} options={sites} />
        </Form.Item>
        <Form.Item label={t('shifts.form.employees')} name="employee_ids">
          <Select
            mode="multiple"
            showSearch
            allowClear
            optionFilterProp="label"
            listHeight={240}
            maxTagCount="responsive"
            placeholder={t('shifts.form.employeesPlaceholder')}
            options={employees}
            data-testid="shift-employees"
          />
        </Form.Item>
        {missing.length > 0 && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            message={t('shifts.form.missingTitle')}
            description={t('shifts.form.missing', {
              fields: missing.map((m) => t(`shifts.missingFields.${m}`)).join(', '),
            })}
          />
        )}
        <Button type="primary" htmlType="submit" loading={saving} block>
          {t(editing ? 'shifts.form.update' : 'shifts.form.create')}
        </Button>
      </Form>
    </Card>
  );
}
