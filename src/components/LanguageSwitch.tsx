import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/index.ts';
import { switchLanguage } from '../providers/i18n-provider.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('common.language')}
      data-testid="language-switch"
      size="small"
      value={i18n.language.slice(0, 2)}
      style={{ width: 110 }}
      onChange={(value: string) => isLanguage(value) && void switchLanguage(value)}
      options={[
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'Français' },
      ]}
    />
  );
}
