// Correct a record (check-in and check-out times) with a required reason: correct_attendance writes
// the audit log; the record's history lists those entries (attendance_history).
import { DatePicker, Form, Input, List, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../components/daily/weekdays.ts';
import { TEXT_LIMITS } from '../../../domain/limits/index.ts';
import { siteDateTime } from '../../../shared/format/index.ts';
import { useAttendanceHistory, useCorrectAttendance, type AttendanceRow } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useFormDialog } from '../../../components/form/useFormDialog.ts';

const nameOf = (r: AttendanceRow | null) =>
  r?.employees ? `${r.employees.first_name} ${r.employees.last_name}`.trim() : '';

interface Values {
  checkIn: Dayjs;
  checkOut: Dayjs | null;
  reason: string;
}

export function CorrectionDialog({
  record,
  onClose,
  onSaved,
}: {
  record: AttendanceRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, feedback, form } = useFormDialog<Values>();
  const correct = useCorrectAttendance();
  useEffect(() => {
    if (record)
      form.setFieldsValue({
        checkIn: dayjs(record.check_in),
        checkOut: record.check_out ? dayjs(record.check_out) : null,
        reason: '',
      });
  }, [record, form]);
  const save = async (values: Values) => {
    if (!record) return;
    try {
      await correct.mutateAsync({
        p_employee_id: record.employee_id,
        p_check_in: values.checkIn.toISOString(),
        // An open record stays open: the function takes null for 'no check-out'.
        p_check_out: (values.checkOut ? values.checkOut.toISOString() : null) as string,
        p_reason: values.reason,
        p_attendance_id: record.id,
      });
    } catch (error) {
      feedback.failure(error, t('attendance.correction.failed'));
      return;
    }
    feedback.success(t('attendance.correction.saved'), nameOf(record));
    onSaved();
  };
  return (
    <Modal
      open={record !== null}
      title={t('attendance.correction.title', { name: nameOf(record) })}
      okText={t('attendance.correction.save')}
      confirmLoading={correct.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item name="checkIn" label={t('attendance.correction.checkIn')} rules={[{ required: true }]}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="checkOut" label={t('attendance.correction.checkOut')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('attendance.correction.reason')}
          rules={[{ required: true, whitespace: true, message: t('attendance.correction.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={TEXT_LIMITS.attendances.correction_reason} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function HistoryDialog({ record, onClose }: { record: AttendanceRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const history = useAttendanceHistory(record?.id);
  return (
    <Modal
      open={record !== null}
      title={t('attendance.correction.historyTitle')}
      footer={null}
      onCancel={onClose}
    >
      <List
        data-testid="attendance-history"
        loading={history.isLoading}
        dataSource={record ? (history.data ?? []) : []}
        locale={{ emptyText: <EmptyState text={t('attendance.correction.noHistory')} /> }}
        renderItem={(h) => (
          <List.Item>
            <List.Item.Meta
              title={t('attendance.correction.by', {
                name: h.actor_name,
                at: siteDateTime(h.at, record?.sites?.time_zone, locale),
              })}
              description={
                <>
                  <Typography.Text>
                    {t('attendance.correction.reason')}: {h.diff.reason ?? '-'}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
