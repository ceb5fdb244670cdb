// 'Set Up Biometric': opens the scanner page in register mode (400 px high) and hands back its
// enrolment; 'Biometric Set' once a finger is captured. Shared by registration and sign-up.
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CapturedFingerTag, RegisterPanel } from '../../components/scanner/RegisterPanel.tsx';
import type { ScannerMessage, ScannerPerson } from '../../fingerprint/scanner/protocol.ts';
import { storedEnrolmentTemplate } from '../../fingerprint/template/stored.ts';
import type { Enrolment } from './data.ts';

/** A scanner message saying the finger belongs to someone else. */
export const isDuplicateMessage = (message: ScannerMessage) =>
  message.type === 'scanner-state' && message.code === 'duplicate';

/** The duplicate check could not run (the scanner page could not read the gallery). */
export const isCheckFailedMessage = (message: ScannerMessage) =>
  message.type === 'scanner-state' && message.code === 'duplicate-check-failed' && message.state === 'error';

export function BiometricSetup({
  enrolment,
  onEnrolled,
  onDuplicate,
  onCheckFailed,
  label,
  person,
}: {
  enrolment: Enrolment | null;
  onEnrolled: (enrolment: Enrolment) => void;
  onDuplicate: () => void;
  /** The duplicate check could not run: the finger was not captured. */
  onCheckFailed?: () => void;
  label?: string;
  /** Whom the finger is for, when they already exist (their own fingers are not duplicates). */
  person?: ScannerPerson;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<string | null>(null);

  function onMessage(message: ScannerMessage) {
    if (message.type === 'fingerprint-register') {
      // Every impression is stored (a later press is compared with each), as one set.
      const stored = storedEnrolmentTemplate(
        message.templates.length ? message.templates : [message.template],
      );
      onEnrolled({
        finger: message.finger,
        template: stored.template,
        format: stored.format,
        quality: message.quality,
        consentVersion: message.consentVersion,
        ...(message.simulatorSeed !== undefined ? { simulatorSeed: message.simulatorSeed } : {}),
      });
      setOpen(false);
      setState(null);
      return;
    }
    if (message.type === 'scanner-state') {
      setState(message.message ?? null);
      if (isDuplicateMessage(message)) onDuplicate();
      else if (isCheckFailedMessage(message)) onCheckFailed?.();
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={() => setOpen((value) => !value)} data-testid="set-up-biometric">
          {open ? t('employees.closeScanner') : (label ?? t('employees.setUpBiometric'))}
        </Button>
        <CapturedFingerTag text={t('employees.biometricSet')} capture={enrolment} testId="biometric-set" />
      </Space>
      {open && (
        <RegisterPanel
          hint={t('employees.biometricHint')}
          state={state}
          onMessage={onMessage}
          person={person}
        />
      )}
    </Space>
  );
}
