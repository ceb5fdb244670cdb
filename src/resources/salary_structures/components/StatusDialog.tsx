// The status dialog: approval (approved / rejected with a reason) and payment (paid / failed with a
// reference), each through its RPC. Separation of duties is shown, not only enforced.
import { Alert, Button, Divider, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '../../../domain/access/roles.ts';
import type { Identity } from '../../../providers/identity.ts';
import { decisionBlocker } from '../duties.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { formatDate } from '../../../shared/format/index.ts';
import { setApproval, setPayment, type SalaryStructure } from '../data.ts';
import { useSalaryFailure } from './useSalaryFailure.ts';

export function StatusDialog({
  record,
  identity,
  onClose,
}: {
  record: SalaryStructure;
  identity: Identity;
  onClose: (changed: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const showError = useSalaryFailure();
  const [approval, setApprovalChoice] = useState<'approved' | 'rejected'>('approved');
  const [reason, setReason] = useState('');
  const [payment, setPaymentChoice] = useState<'paid' | 'failed'>('paid');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);

  const isAdmin = mayDo('salary.approve', identity.role);
  const blocker = decisionBlocker(record, identity.employeeId);
  const mayDecide = isAdmin && blocker === null && record.approval_status === 'pending';

  async function saveApproval() {
    setBusy(true);
    try {
      await setApproval(record.id, approval, approval === 'rejected' ? reason.trim() || null : null);
      feedback.success(
        t(approval === 'approved' ? 'salary.status.approvedDone' : 'salary.status.rejectedDone'),
      );
      onClose(true);
    } catch (error) {
      showError(t('salary.status.failed'), error);
    } finally {
      setBusy(false);
    }
  }

  async function savePayment() {
    setBusy(true);
    try {
      const updated = await setPayment(record.id, payment, reference.trim() || null);
      if (updated.payment_status === 'processing') {
        feedback.notice(
          'info',
          t('salary.status.queued'),
          t('salary.status.queuedDetail', {
            date: formatDate(updated.scheduled_release_date, i18n.language),
          }),
        );
      } else {
        feedback.success(t(payment === 'paid' ? 'salary.status.released' : 'salary.status.failedRecorded'));
      }
      onClose(true);
    } catch (error) {
      showError(t('salary.status.failed'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`${t('salary.status.title')} — ${record.employee_name}`}
      footer={null}
      onCancel={() => onClose(false)}
    >
      <Typography.Title level={5}>{t('salary.status.approval')}</Typography.Title>
      {!isAdmin && (
        <Alert type="info" showIcon message={t('salary.status.onlyAdmin')} style={{ marginBottom: 8 }} />
      )}
      {isAdmin && blocker && (
        <Alert
          type="warning"
          showIcon
          data-testid="own-structure"
          message={
            blocker === 'salary_creator_approval'
              ? t('salary.status.ownStructure')
              : t(`salaryDuties.reasons.${blocker}`)
          }
          style={{ marginBottom: 8 }}
        />
      )}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={approval}
          disabled={!mayDecide}
          onChange={(e) => setApprovalChoice(e.target.value as 'approved' | 'rejected')}
        >
          <Radio value="approved">{t('salary.status.approved')}</Radio>
          <Radio value="rejected">{t('salary.status.rejected')}</Radio>
        </Radio.Group>
        {approval === 'rejected' && (
          <Input.TextArea
            aria-label={t('salary.status.reason')}
            placeholder={t('salary.status.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            disabled={!mayDecide}
          />
        )}
        <Button type="primary" disabled={!mayDecide} loading={busy} onClick={() => void saveApproval()}>
          {t('salary.status.saveApproval')}
        </Button>
      </Space>
      <Divider />
      <Typography.Title level={5}>{t('salary.status.payment')}</Typography.Title>
      {record.scheduled_release_date && (
        <Typography.Paragraph type="secondary">
          {t('salary.status.scheduledRelease')}: {formatDate(record.scheduled_release_date, i18n.language)}
        </Typography.Paragraph>
      )}
      {!mayDo('salary.pay', identity.role) ? (
        <Alert type="info" showIcon message={t('salary.status.onlyPayStaff')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={payment}
            onChange={(e) => setPaymentChoice(e.target.value as 'paid' | 'failed')}
          >
            <Radio value="paid">{t('salary.status.paid')}</Radio>
            <Radio value="failed">{t('salary.status.paymentFailed')}</Radio>
          </Radio.Group>
          <Input
            aria-label={t('salary.status.reference')}
            placeholder={t('salary.status.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
          <Button type="primary" loading={busy} onClick={() => void savePayment()}>
            {t('salary.status.savePayment')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
