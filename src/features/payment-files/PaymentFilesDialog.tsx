// A run's payment files, one button per method: generate (once) and download, or download the
// file already generated. Who has no payment account is listed first: they block the files.
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../shared/feedback/index.ts';
import { formatMoney } from '../../shared/format/index.ts';
import {
  useGeneratePaymentFile,
  useMissingAccounts,
  usePaymentFilePlan,
  type PaymentFileKind,
  type PlannedFile,
} from './data.ts';
import { downloadPaymentFile } from './download.ts';
import { EmptyState } from '../../components/EmptyState.tsx';

export interface PaymentFilesRun {
  id: string;
  status: string;
  period_start: string;
  period_end: string;
  currency: string;
  sites?: { name: string } | null;
}

export function PaymentFilesDialog({ run, onClose }: { run: PaymentFilesRun; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const plan = usePaymentFilePlan(run.id);
  const missing = useMissingAccounts(run.id);
  const generate = useGeneratePaymentFile(run.id);
  const [busy, setBusy] = useState<PaymentFileKind | null>(null);
  const period = `${dayjs(run.period_start).format('MMM DD, YYYY')} – ${dayjs(run.period_end).format('MMM DD, YYYY')}`;
  const sheetRun = {
    siteName: run.sites?.name ?? '',
    periodStart: run.period_start,
    periodEnd: run.period_end,
  };
  const blocked = (missing.data?.length ?? 0) > 0;

  async function fetchFile(row: PlannedFile) {
    setBusy(row.kind);
    try {
      const fileId = row.file_id ?? (await generate.mutateAsync(row.kind)).id;
      await downloadPaymentFile(fileId, sheetRun, t, language);
      if (!row.file_id) feedback.success(t('payments.files.done'));
    } catch (error) {
      feedback.failure(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      open
      width={820}
      title={t('payments.files.title', { run: `${run.sites?.name ?? ''} ${period}` })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('payments.files.close')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('payments.files.intro')}</Typography.Paragraph>
      {run.status === 'draft' && <Alert type="info" showIcon message={t('payments.files.notProcessed')} />}
      {blocked && run.status === 'processed' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="missing-accounts"
          message={t('payments.files.missingTitle', { count: missing.data!.length })}
          description={
            <>
              <div>{t('payments.files.missingHelp')}</div>
              <List
                size="small"
                dataSource={missing.data!}
                renderItem={(m) => <List.Item style={{ padding: '2px 0' }}>{m.employee_name}</List.Item>}
              />
            </>
          }
        />
      )}
      {run.status !== 'draft' && (
        <Table<PlannedFile>
          size="small"
          rowKey="kind"
          pagination={false}
          loading={plan.isLoading}
          dataSource={plan.data ?? []}
          locale={{ emptyText: <EmptyState text={t('payments.files.nothing')} /> }}
          data-testid="payment-files"
          scroll={{ x: 640 }}
          columns={[
            {
              title: t('payments.files.columns.kind'),
              render: (_, r) => t(`payments.files.kinds.${r.kind}`),
            },
            { title: t('payments.files.columns.people'), dataIndex: 'entry_count', align: 'right' },
            {
              title: t('payments.files.columns.total'),
              align: 'right',
              render: (_, r) => formatMoney(r.total, r.currency, i18n.language),
            },
            {
              title: t('payments.files.columns.file'),
              render: (_, r) =>
                r.file_id ? (
                  <Typography.Text type="secondary">
                    {t('payments.files.generated', {
                      date: dayjs(r.generated_at).format('MMM DD, YYYY HH:mm'),
                    })}
                    {r.paid_count > 0 && ` · ${t('payments.files.paid', { count: r.paid_count })}`}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('payments.files.notYet')}</Typography.Text>
                ),
            },
            {
              title: t('payments.files.columns.actions'),
              align: 'right',
              render: (_, r) => (
                <Button
                  size="small"
                  type={r.file_id ? 'default' : 'primary'}
                  icon={<DownloadOutlined />}
                  loading={busy === r.kind}
                  disabled={!r.file_id && (blocked || run.status !== 'processed')}
                  onClick={() => void fetchFile(r)}
                  data-testid={`payment-file-${r.kind}`}
                >
                  {r.file_id ? t('payments.files.download') : t('payments.files.generate')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
