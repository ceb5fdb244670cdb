// 'Change password' in the signed-in header, for every person: the same dialog as Settings'
// 'Change Admin Password' (loaded when opened).
import { useGetIdentity } from '@refinedev/core';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../providers/identity.ts';

const PasswordModal = lazy(() =>
  import('../../features/account/lazy.ts').then((m) => ({ default: m.PasswordModal })),
);

export function ChangePasswordButton() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const [open, setOpen] = useState(false);
  if (!identity) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('accounts.menu.changePassword')}</Button>
      {open && (
        <Suspense fallback={null}>
          <PasswordModal
            email={identity.email}
            open={open}
            onClose={() => setOpen(false)}
            title={t('accounts.menu.changePassword')}
          />
        </Suspense>
      )}
    </>
  );
}
