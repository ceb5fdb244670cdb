// The system card's actions: export the company's data, reset the settings, take a backup; each
// says what happened.
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { backupNow, resetSettings } from '../data.ts';
import { exportCompanyData } from '../export.ts';

export type SystemAction = 'export' | 'reset' | 'backup';

const FAILURE_TITLE: Record<SystemAction, string> = {
  export: 'settings.system.exportFailed',
  reset: 'settings.system.resetFailed',
  backup: 'settings.errorTitle',
};

export function useSystemActions(reloadSettings: () => Promise<unknown>) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<SystemAction | null>(null);
  const run = async (kind: SystemAction) => {
    setBusy(kind);
    try {
      if (kind === 'export') {
        const { tables, rows } = await exportCompanyData({ t, language: i18n.language });
        feedback.success(
          t('settings.system.exported'),
          t('settings.system.exportedMessage', { tables, rows }),
        );
      } else if (kind === 'reset') {
        await resetSettings();
        await reloadSettings();
        feedback.success(t('settings.system.resetDone'));
      } else {
        await backupNow();
        await invalidate({ resource: 'backups', invalidates: ['list'] });
      }
    } catch (error) {
      feedback.failure(error, t(FAILURE_TITLE[kind]));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
