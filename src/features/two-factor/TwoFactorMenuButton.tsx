// The user menu's entry to the two-factor screen (back-office header and portal headers).
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { openTwoFactor } from './open.ts';

/** `compact`: the icon alone, its name in a tooltip (narrow headers, so they keep to one line). */
export function TwoFactorMenuButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const label = t('twoFactor.menu');
  return (
    <Tooltip title={compact ? label : undefined}>
      <Button
        icon={<SafetyOutlined />}
        onClick={openTwoFactor}
        data-testid="open-two-factor"
        aria-label={compact ? label : undefined}
      >
        {compact ? null : label}
      </Button>
    </Tooltip>
  );
}
