// The user menu's entry to the two-factor screen (back-office header and portal headers).
import { SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { openTwoFactor } from './open.ts';

export function TwoFactorMenuButton() {
  const { t } = useTranslation();
  return (
    <Button icon={<SafetyOutlined />} onClick={openTwoFactor} data-testid="open-two-factor">
      {t('twoFactor.menu')}
    </Button>
  );
}
