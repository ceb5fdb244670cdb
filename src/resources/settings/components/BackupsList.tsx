// The backups the local stack took (file in its data directory, size, rows), newest first, each
// with Restore (restore_backup, after a confirmation naming the file and its time).
import { useList } from '@refinedev/core';
import { Button, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../shared/feedback/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { restoreBackup } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

interface Backup {
  id: number;
  taken_at: string;
  file: string;
  bytes: number;
  rows: number;
  trigger: string;
}

export function BackupsList({ onBackup, busy }: { onBackup: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const confirmAction = useConfirmedAction();
  const restore = (b: Backup) => {
    const time = f.dateTime(b.taken_at, null, { seconds: true });
    confirmAction({
      title: t('settings.system.restoreConfirm', { time }),
      content: t('settings.system.restoreContent', { file: b.file }),
      okText: t('settings.system.restore'),
      danger: true,
      run: () => restoreBackup(b.id),
      done: t('settings.system.restored'),
      failed: t('settings.system.restoreFailed'),
      // Every table changed: start the page again from the restored data.
      then: () => window.location.reload(),
    });
  };
  const { result } = useList<Backup>({
    resource: 'backups',
    pagination: { pageSize: 5 },
    sorters: [{ field: 'taken_at', order: 'desc' }],
  });
  return (
    <List<Backup>
      data-testid="backups"
      size="small"
      header={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text strong>{t('settings.system.backups')}</Typography.Text>
          <Button size="small" loading={busy} onClick={onBackup}>
            {t('settings.system.backupNow')}
          </Button>
        </Space>
      }
      locale={{ emptyText: <EmptyState text={t('settings.system.backupsNone')} /> }}
      dataSource={result.data}
      footer={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('settings.system.restoreNote')}
        </Typography.Text>
      }
      renderItem={(b) => (
        <List.Item style={{ display: 'block' }} data-testid="backup-item">
          <Typography.Text code style={{ fontSize: 11, wordBreak: 'break-all' }}>
            {b.file}
          </Typography.Text>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary">
              {f.dateTime(b.taken_at)} · {f.bytes(b.bytes)} · {b.rows}
            </Typography.Text>
            <Button size="small" danger onClick={() => restore(b)}>
              {t('settings.system.restore')}
            </Button>
          </Space>
        </List.Item>
      )}
    />
  );
}
