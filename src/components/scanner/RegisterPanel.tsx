// Capturing a finger for registration or sign-up: the scanner page in register mode (400 px high)
// in a bordered panel, what to do above it and the scanner's latest state below it; then the tag
// naming the finger captured.
import { CheckCircleTwoTone } from '@ant-design/icons';
import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TONE } from '../../theme.ts';
import { ScannerFrame, type ScannerFrameProps } from './ScannerFrame.tsx';

export function RegisterPanel({
  hint,
  state,
  ...frame
}: { hint: string; state: string | null } & Omit<ScannerFrameProps, 'mode' | 'height'>) {
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 8 }}>
        {hint}
      </Typography.Paragraph>
      <ScannerFrame mode="register" height={400} {...frame} />
      {state && <Alert type="info" showIcon message={state} style={{ margin: 8 }} />}
    </div>
  );
}

/** The captured finger, named, and its quality (nothing before one is); `remove` makes it closable. */
export function CapturedFingerTag({
  text,
  capture,
  testId,
  remove,
}: {
  text: string;
  capture: { finger: string; quality: number } | null;
  testId: string;
  remove?: { label: string; onRemove: () => void };
}) {
  const { t } = useTranslation();
  if (!capture) return null;
  return (
    <Tag
      color="green"
      icon={<CheckCircleTwoTone twoToneColor={TONE.success} />}
      closable={remove !== undefined}
      closeIcon={remove && <span aria-label={remove.label}>×</span>}
      onClose={remove?.onRemove}
      data-testid={testId}
    >
      {text} · {t(`fingers.${capture.finger}`)} · {capture.quality}
    </Tag>
  );
}
