// Mounted once in the signed-in shell: the two-factor screen (opened from the user menu or Settings),
// the code prompt for step-up (registered with the Supabase client's fetch wrapper, step-up.ts),
// and the checks when a signed-in page opens: a session that still owes its code asks for it, and
// an admin or HR person without a factor is led to set one up while the setting requires it.
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Modal, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '../../domain/access/roles.ts';
import type { Identity } from '../../providers/identity.ts';
import { assurance, noFactor, readRequirement, sessionToken, verifiedFactorId, verifyCode } from './data.ts';
import { CodeForm } from './CodeForm.tsx';
import { onOpenTwoFactor } from './open.ts';
import { registerCodePrompt } from '../../data/step-up.ts';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';

type Screen = 'closed' | 'manage' | 'required';
type Prompt = { kind: 'step-up' | 'due'; resolve: (token: string | null) => void };

/** Verifies a code of the person's factor and answers the raised session's token. */
async function raiseSession(code: string): Promise<string> {
  const factorId = await verifiedFactorId();
  if (!factorId) throw noFactor();
  await verifyCode(factorId, code);
  return sessionToken();
}

export function TwoFactorHost() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const { mutate: logout } = useLogout();
  const [screen, setScreen] = useState<Screen>('closed');
  const [prompt, setPrompt] = useState<Prompt | null>(null);

  useEffect(() => onOpenTwoFactor(() => setScreen((s) => (s === 'required' ? s : 'manage'))), []);
  useEffect(
    () => registerCodePrompt(() => new Promise((resolve) => setPrompt({ kind: 'step-up', resolve }))),
    [],
  );

  // Once per signed-in person: the code a password-only session still owes, then the requirement.
  const role = identity?.role;
  useEffect(() => {
    if (!role) return;
    let live = true;
    void (async () => {
      const level = await assurance();
      if (!live) return;
      if (level.codeDue) {
        await new Promise<string | null>((resolve) => setPrompt({ kind: 'due', resolve }));
        return;
      }
      if (!level.verified && mayDo('twoFactor.required', role) && (await readRequirement()) && live)
        setScreen('required');
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [role]);

  // Stable, so that the panel does not reload its factors on every render of the shell.
  const onFactorChange = useCallback((verified: boolean) => {
    if (verified) setScreen((s) => (s === 'required' ? 'closed' : s));
  }, []);
  const answer = useCallback(
    (token: string | null) => {
      prompt?.resolve(token);
      setPrompt(null);
    },
    [prompt],
  );
  const signOut = (
    <Button
      onClick={() => {
        answer(null);
        setScreen('closed');
        logout();
      }}
    >
      {t('twoFactor.signOut')}
    </Button>
  );
  const due = prompt?.kind === 'due';

  return (
    <>
      <Modal
        title={t(screen === 'required' ? 'twoFactor.requiredTitle' : 'twoFactor.title')}
        open={screen !== 'closed' && !prompt}
        footer={screen === 'required' ? signOut : null}
        closable={screen !== 'required'}
        maskClosable={screen !== 'required'}
        keyboard={screen !== 'required'}
        onCancel={() => setScreen('closed')}
        destroyOnHidden
      >
        {screen === 'required' && <Typography.Paragraph>{t('twoFactor.requiredText')}</Typography.Paragraph>}
        <TwoFactorPanel onChange={onFactorChange} />
      </Modal>
      <Modal
        title={t(due ? 'twoFactor.codeDueTitle' : 'twoFactor.stepUpTitle')}
        open={prompt !== null}
        footer={null}
        closable={!due}
        maskClosable={false}
        keyboard={!due}
        onCancel={() => answer(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t(due ? 'twoFactor.codeDueText' : 'twoFactor.stepUpText')}
        </Typography.Paragraph>
        <CodeForm
          testId="two-factor-step-up"
          submitLabel={t('twoFactor.confirm')}
          onCode={async (code) => answer(await raiseSession(code))}
          extra={due ? signOut : <Button onClick={() => answer(null)}>{t('twoFactor.cancel')}</Button>}
        />
      </Modal>
    </>
  );
}
