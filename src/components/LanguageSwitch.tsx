import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/index.ts';
import { switchLanguage } from '../providers/i18n-provider.ts';

// Two languages: a segmented control is lighter than a select (no virtual list on the first paint).
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      aria-label={t('common.language')}
      data-testid="language-switch"
      size="small"
      value={i18n.language.slice(0, 2)}
      onChange={(value) => isLanguage(value) && void switchLanguage(value)}
      options={[
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'Français' },
      ]}
    />
  );
}
