// The backups the local stack took (file in its data directory, size, rows), newest first.
import { useList } from '@refinedev/core';
import { Button, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

interface Backup {
  id: number;
  taken_at: string;
  file: string;
  bytes: number;
  rows: number;
  trigger: string;
}

const size = (bytes: number) =>
  bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function BackupsList({ onBackup, busy }: { onBackup: () => void; busy: boolean }) {
  const { t } = useTranslation();
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
      locale={{ emptyText: t('settings.system.backupsNone') }}
      dataSource={result.data}
      renderItem={(b) => (
        <List.Item>
          <Typography.Text code style={{ fontSize: 11 }}>
            {b.file}
          </Typography.Text>
          <Typography.Text type="secondary">
            {dayjs(b.taken_at).format('YYYY-MM-DD HH:mm')} · {size(b.bytes)}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
