// A guarded full-screen route that renders without Refine and antd (the kiosk and the scanner):
// the same route table decides, from the employee row (loadIdentity), never from user metadata.
// A refused or signed-out visitor goes to /login, as RouteGuard does for these routes.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { mayOpen, type RouteRule } from '../domain/access/roles.ts';
import { loadFeatureTexts } from '../i18n/index.ts';
import { loadIdentity, type Identity } from '../providers/identity.ts';
import { connectDataLayer } from '../providers/data-layer.ts';
import { SCREENS } from '../screens/registry.ts';

// The texts each light screen shows (src/i18n/features/<name>.ts): the shell's load of every
// feature's texts does not run here, and loading every feature's texts would weigh on the kiosk's first paint.
const TEXTS: Record<string, readonly string[]> = {
  '/attendance-scanner': ['kiosk', 'kioskTap', 'kioskVerify', 'offline', 'scanner', 'punch', 'errors', 'pin'],
  '/scanner': ['kiosk', 'scanner', 'errors'],
};

export default function LightGuardedScreen({ rule }: { rule: RouteRule }) {
  const [identity, setIdentity] = useState<Identity | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // The client may still be loading (the app paints before it): the screens below use supabase().
    Promise.all([connectDataLayer().then(() => loadIdentity()), loadFeatureTexts(TEXTS[rule.path] ?? [])])
      .then(([found]) => found)
      .then(
        (found) => live && setIdentity(found),
        () => live && setIdentity(null),
      );
    return () => {
      live = false;
    };
  }, [rule.path]);
  if (identity === undefined) return null;
  if (!mayOpen(rule, identity?.role)) return <Navigate to="/login" replace />;
  const Screen = SCREENS[rule.path];
  return Screen ? <Screen /> : null;
}
