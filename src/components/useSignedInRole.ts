// The role of whoever is signed in, for pages outside the signed-in shell (the landing page, the
// 404): they offer a signed-in person their own home and only the screens their role opens.
import { useEffect, useState } from 'react';
import type { Role } from '../domain/access/roles.ts';
import { loadIdentity } from '../providers/identity.ts';

/** `undefined` while reading, `null` when nobody is signed in. */
export function useSignedInRole(): Role | null | undefined {
  const [role, setRole] = useState<Role | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadIdentity().then(
      (identity) => live && setRole(identity?.role ?? null),
      () => live && setRole(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return role;
}
