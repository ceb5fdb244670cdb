// 'To review': the PIN punches a manager (their team) or HR (everyone) accepts or rejects. A
// rejection asks a reason; a rejected punch stays on the record, marked, and counts no hours.
import { Button, Card, Form, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { usePinPunches, useReviewPinPunch, type PinPunchRow, type ReviewStatus } from '../data.ts';

const STATUS_COLOR: Record<ReviewStatus, string> = { pending: 'gold', accepted: 'green', rejected: 'red' };

export function PinReviewCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const feedback = useFeedback();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const punches = usePinPunches(status);
  const review = useReviewPinPunch();
  const [rejecting, setRejecting] = useState<PinPunchRow | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const decide = (row: PinPunchRow, accept: boolean, reason?: string) =>
    review.mutate(
      { id: row.attendance_id, accept, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setRejecting(null);
          form.resetFields();
          feedback.success(t(accept ? 'pin.review.accepted' : 'pin.review.rejected'));
        },
        onError: (error) => feedback.failure(error),
      },
    );

  return (
    <Card
      title={t('pin.review.title')}
      data-testid="pin-review"
      extra={
        <Segmented<ReviewStatus>
          value={status}
          onChange={setStatus}
          options={(['pending', 'accepted', 'rejected'] as const).map((s) => ({
            value: s,
            label: t(`pin.review.status.${s}`),
          }))}
        />
      }
    >
      <Table<PinPunchRow>
        rowKey="attendance_id"
        size="small"
        loading={punches.isLoading}
        dataSource={punches.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('pin.review.empty') }}
        columns={[
          { title: t('pin.review.employee'), dataIndex: 'employee_name' },
          { title: t('pin.review.date'), dataIndex: 'date', render: (day: string) => f.date(day) },
          {
            title: t('pin.review.punches'),
            key: 'punches',
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={r.check_in_by_pin ? 'gold' : undefined}>
                  {t('pin.review.checkIn', { time: f.time(r.check_in, r.time_zone) })}
                </Tag>
                {r.check_out && (
                  <Tag color={r.check_out_by_pin ? 'gold' : undefined}>
                    {t('pin.review.checkOut', { time: f.time(r.check_out, r.time_zone) })}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('pin.review.hours'),
            dataIndex: 'hours',
            align: 'right',
            render: (hours: number | null) => (hours === null ? '—' : f.number(hours, 2)),
          },
          status === 'pending'
            ? {
                key: 'actions',
                render: (_, r) => (
                  <Space>
                    <Button
                      type="primary"
                      size="small"
                      loading={review.isPending && review.variables?.id === r.attendance_id}
                      onClick={() => decide(r, true)}
                    >
                      {t('pin.review.accept')}
                    </Button>
                    <Button danger size="small" onClick={() => setRejecting(r)}>
                      {t('pin.review.reject')}
                    </Button>
                  </Space>
                ),
              }
            : {
                key: 'outcome',
                render: (_, r) => (
                  <Space direction="vertical" size={0}>
                    <Tag color={STATUS_COLOR[status]}>{t(`pin.review.status.${status}`)}</Tag>
                    {r.reviewed_by_name && (
                      <Typography.Text type="secondary">
                        {t('pin.review.reviewedBy', { name: r.reviewed_by_name })}
                      </Typography.Text>
                    )}
                    {r.review_reason && <Typography.Text>{r.review_reason}</Typography.Text>}
                  </Space>
                ),
              },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('pin.review.rejectTitle', { name: rejecting?.employee_name ?? '' })}
        okText={t('pin.review.reject')}
        okButtonProps={{ danger: true, loading: review.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ reason }) => rejecting && decide(rejecting, false, reason.trim())}
        >
          <Form.Item
            name="reason"
            label={t('pin.review.reason')}
            rules={[{ required: true, whitespace: true, max: 500, message: t('pin.review.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
