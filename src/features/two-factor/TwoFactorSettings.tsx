// Settings' security card: the spec's 'Two-Factor Authentication' button (the person's own
// two-factor screen) and the setting 'Require two-factor sign-in for admins and HR' (admins change
// it; the database asks them for their code when they have a factor, and audits the change).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../shared/feedback/index.ts';
import { readRequirement, writeRequirement } from './data.ts';
import { openTwoFactor } from './open.ts';

const KEY = ['two-factor', 'requirement'] as const;

export function TwoFactorSettings({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const { data: required } = useQuery({ queryKey: KEY, queryFn: readRequirement });
  const [saving, setSaving] = useState(false);

  async function change(on: boolean) {
    setSaving(true);
    try {
      await writeRequirement(on);
      feedback.success(t('twoFactor.settingSaved'));
    } catch (error) {
      feedback.failure(error, t('twoFactor.settingFailed'));
    } finally {
      await queryClient.invalidateQueries({ queryKey: KEY });
      setSaving(false);
    }
  }

  return (
    <div style={{ marginTop: 16 }} data-testid="two-factor-settings">
      <Space align="center">
        <Switch
          aria-label={t('twoFactor.setting')}
          checked={required ?? false}
          loading={saving || required === undefined}
          disabled={!canEdit}
          onChange={(on) => void change(on)}
        />
        <Typography.Text strong>{t('twoFactor.setting')}</Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px 52px', fontSize: 13 }}>
        {t('twoFactor.settingEffect')}
      </Typography.Paragraph>
      <Button onClick={openTwoFactor}>{t('twoFactor.title')}</Button>
    </div>
  );
}
