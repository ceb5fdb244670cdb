// A leave request: type, dates (full days, or a morning or afternoon of one day), a note; before
// sending, what it costs and what is available (leave_quote, the database's own count). HR
// recording for someone else (`employeeId`) sends the same form: the database approves it at once.
import { Alert, Button, DatePicker, Form, Input, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, useFeedback } from '../../../shared/feedback/index.ts';
import { useLeaveBalances, useLeaveQuote, useRequestLeave, type LeaveRequest } from '../data.ts';
import { useLeaveLabels } from '../labels.ts';

interface Props {
  /** Someone else (HR recording); null: the signed-in person. */
  employeeId: string | null;
  onDone?: (request: LeaveRequest) => void;
}

type Length = 'full' | 'am' | 'pm';

export function RequestForm({ employeeId, onDone }: Props) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { typeName, amount } = useLeaveLabels();
  const balances = useLeaveBalances(employeeId);
  const request = useRequestLeave();
  const [type, setType] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [length, setLength] = useState<Length>('full');
  const [note, setNote] = useState('');
  const policy = balances.data?.find((b) => b.leave_type === type);
  const single = range !== null && range[0].isSame(range[1], 'day');
  const half = single && length !== 'full' ? length : null;
  const quote = useLeaveQuote(
    type && range
      ? {
          type,
          start: range[0].format('YYYY-MM-DD'),
          end: range[1].format('YYYY-MM-DD'),
          half,
          employeeId,
        }
      : null,
  );

  const submit = async () => {
    if (!type || !range) return;
    try {
      const created = await request.mutateAsync({
        type,
        start: range[0].format('YYYY-MM-DD'),
        end: range[1].format('YYYY-MM-DD'),
        half,
        note,
        employeeId,
      });
      feedback.success(t(employeeId ? 'leave.form.recorded' : 'leave.form.sent'));
      setRange(null);
      setNote('');
      setLength('full');
      onDone?.(created as LeaveRequest);
    } catch (error) {
      feedback.failure(error);
    }
  };

  const q = quote.data;
  return (
    // A div, not a <form>: Enter in the date fields commits the date, it does not send the request.
    <Form layout="vertical" component="div" data-testid="leave-request-form">
      {employeeId && (
        <Alert type="info" showIcon message={t('leave.form.recordHint')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item label={t('leave.fields.type')} required>
        <Select
          data-testid="leave-type"
          value={type}
          onChange={setType}
          loading={balances.isLoading}
          options={(balances.data ?? []).map((b) => ({ value: b.leave_type, label: typeName(b.leave_type) }))}
        />
      </Form.Item>
      <Form.Item label={t('leave.fields.dates')} required>
        <DatePicker.RangePicker
          data-testid="leave-dates"
          value={range}
          onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
          disabledDate={employeeId ? undefined : (d) => d.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {single && policy?.half_days && (
        <Form.Item label={t('leave.fields.length')}>
          <Radio.Group value={length} onChange={(e) => setLength(e.target.value as Length)}>
            <Radio.Button value="full">{t('leave.fields.fullDays')}</Radio.Button>
            <Radio.Button value="am">{t('leave.half.am')}</Radio.Button>
            <Radio.Button value="pm">{t('leave.half.pm')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item label={t('leave.fields.note')}>
        <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} />
      </Form.Item>
      {quote.error && (
        <Alert type="error" showIcon message={describeError(t, quote.error)} style={{ marginBottom: 16 }} />
      )}
      {q && (
        <Space direction="vertical" size={0} style={{ marginBottom: 16 }} data-testid="leave-quote">
          <Typography.Text strong>
            {t('leave.form.costs', { amount: amount(q.amount, q.unit) })}
          </Typography.Text>
          {q.tracked && q.available !== null ? (
            <>
              <Typography.Text>
                {t('leave.form.available', { amount: amount(q.available, q.unit) })}
              </Typography.Text>
              <Typography.Text
                type={q.available - q.amount < 0 && !q.allows_negative ? 'danger' : 'secondary'}
              >
                {t('leave.form.after', { amount: amount(q.available - q.amount, q.unit) })}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text type="secondary">{t('leave.form.untracked')}</Typography.Text>
          )}
        </Space>
      )}
      <Button
        type="primary"
        onClick={() => void submit()}
        data-testid="leave-submit"
        loading={request.isPending}
        disabled={!type || !range}
      >
        {t(employeeId ? 'leave.form.record' : 'leave.form.send')}
      </Button>
    </Form>
  );
}
