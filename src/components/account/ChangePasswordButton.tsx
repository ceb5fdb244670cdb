// 'Change password' in the signed-in header, for every person: the same dialog as Settings'
// 'Change Admin Password' (loaded when opened).
import { useGetIdentity } from '@refinedev/core';
import { KeyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../providers/identity.ts';

const PasswordModal = lazy(() =>
  import('../../features/account/lazy.ts').then((m) => ({ default: m.PasswordModal })),
);

/** `compact`: the icon alone, its name in a tooltip (narrow headers, so they keep to one line). */
export function ChangePasswordButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const [open, setOpen] = useState(false);
  if (!identity) return null;
  const label = t('accounts.menu.changePassword');
  return (
    <>
      <Tooltip title={compact ? label : undefined}>
        <Button icon={<KeyOutlined />} onClick={() => setOpen(true)} aria-label={compact ? label : undefined}>
          {compact ? null : label}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <PasswordModal email={identity.email} open={open} onClose={() => setOpen(false)} title={label} />
        </Suspense>
      )}
    </>
  );
}
