// A registered route whose screen has not been built yet: its title and a plain statement, nothing else.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ScreenNotAvailable({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-not-available">
      <Typography.Title level={2}>{t(titleKey)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('common.notAvailable')}</Typography.Paragraph>
    </div>
  );
}
