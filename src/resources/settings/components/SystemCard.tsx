// The system card's content: automatic backups and the scanner simulator, then export, system logs,
// reset (after a confirmation) and the backups list.
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackupsList } from './BackupsList.tsx';
import { Toggle } from './SettingsFields.tsx';
import type { SystemAction } from './useSystemActions.ts';

export function SystemCardContent({
  isAdmin,
  canReadLogs,
  busy,
  run,
  onLogs,
}: {
  isAdmin: boolean;
  canReadLogs: boolean;
  busy: SystemAction | null;
  run: (kind: SystemAction) => Promise<void>;
  onLogs: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <>
      <Toggle
        field="auto_backup"
        label={t('settings.system.autoBackup')}
        effect={t('settings.system.autoBackupEffect')}
        disabled={!isAdmin}
      />
      <Toggle
        field="scanner_simulator"
        label={t('settings.system.scanner')}
        effect={t('settings.system.scannerEffect')}
        disabled={!isAdmin}
      />
      <Space wrap>
        {isAdmin && (
          <Button loading={busy === 'export'} onClick={() => void run('export')}>
            {t('settings.system.exportData')}
          </Button>
        )}
        {canReadLogs && <Button onClick={onLogs}>{t('settings.system.systemLogs')}</Button>}
        {isAdmin && (
          <Button
            danger
            loading={busy === 'reset'}
            onClick={() =>
              modal.confirm({
                title: t('settings.system.resetConfirmTitle'),
                content: t('settings.system.resetConfirmText'),
                okText: t('settings.system.resetOk'),
                cancelText: t('settings.system.cancel'),
                okButtonProps: { danger: true },
                onOk: () => run('reset'),
              })
            }
          >
            {t('settings.system.resetSystem')}
          </Button>
        )}
      </Space>
      {isAdmin && (
        <div style={{ marginTop: 16 }}>
          <BackupsList onBackup={() => void run('backup')} busy={busy === 'backup'} />
        </div>
      )}
    </>
  );
}
