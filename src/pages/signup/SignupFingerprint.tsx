// Sign-up's optional 'Scan Fingerprint': the scanner page in register mode (400 px, like
// registration) captures three impressions and checks they match each other; the duplicate search
// runs on the server when the account is created (fingerprint.ts). Nothing is sent before that.
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CapturedFingerTag, RegisterPanel } from '../../components/scanner/RegisterPanel.tsx';
import type { ScannerMessage } from '../../fingerprint/scanner/protocol.ts';
import { loadFeatureTexts } from '../../i18n/index.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { capturedFinger, type CapturedFinger } from '../../features/own-fingerprint/index.ts';

export default function SignupFingerprint({
  capture,
  onChange,
}: {
  capture: CapturedFinger | null;
  onChange: (capture: CapturedFinger | null) => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [textsReady, setTextsReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<string | null>(null);

  useEffect(() => {
    void loadFeatureTexts(['signupFinger', 'employees']).then(() => setTextsReady(true));
  }, []);

  function onMessage(message: ScannerMessage) {
    if (message.type === 'fingerprint-register') {
      onChange(capturedFinger(message));
      setOpen(false);
      setState(null);
      feedback.success(t('signupFinger.capturedTitle'));
      return;
    }
    if (message.type === 'scanner-state') setState(message.message ?? null);
  }

  if (!textsReady) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('signupFinger.optional')}</Typography.Text>
      <Space wrap>
        <Button onClick={() => setOpen((value) => !value)} data-testid="scan-fingerprint">
          {open ? t('signupFinger.close') : t('signupFinger.scan')}
        </Button>
        <CapturedFingerTag
          text={t('signupFinger.captured')}
          capture={capture}
          testId="fingerprint-captured"
          remove={{ label: t('signupFinger.remove'), onRemove: () => onChange(null) }}
        />
      </Space>
      {open && (
        <RegisterPanel
          hint={t('signupFinger.hint')}
          state={state}
          duplicateCheck="server"
          onMessage={onMessage}
        />
      )}
    </Space>
  );
}
