// The login page's second step for a person with two-factor sign-in: the password opened an aal1
// session; the 6-digit code raises it to aal2 before the app opens (Supabase's
// getAuthenticatorAssuranceLevel / challengeAndVerify pattern).
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { noFactor, signOutHere, verifiedFactorId, verifyCode } from './data.ts';
import { CodeForm } from './CodeForm.tsx';

export default function LoginCodeStep({
  onVerified,
  onCancel,
}: {
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div data-testid="login-code-step">
      <h4 style={{ margin: '0 0 8px', fontSize: token.fontSizeHeading5, color: token.colorTextHeading }}>
        {t('twoFactor.codeDueTitle')}
      </h4>
      <p style={{ margin: '0 0 16px', color: token.colorTextSecondary }}>{t('twoFactor.codeDueText')}</p>
      <CodeForm
        testId="login-code"
        submitLabel={t('twoFactor.verify')}
        onCode={async (code) => {
          const factorId = await verifiedFactorId();
          if (!factorId) throw noFactor();
          await verifyCode(factorId, code);
          onVerified();
        }}
        extra={
          <Button
            onClick={() => {
              void signOutHere().finally(onCancel);
            }}
          >
            {t('twoFactor.otherAccount')}
          </Button>
        }
      />
    </div>
  );
}
