// A guarded full-screen route that renders without Refine and antd (the kiosk and the scanner):
// the same route table decides, from the employee row (loadIdentity), never from user metadata.
// A refused or signed-out visitor goes to /login, as RouteGuard does for these routes.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { mayOpen, type RouteRule } from '../domain/access/roles.ts';
import { loadIdentity, type Identity } from '../providers/identity.ts';
import { loadFeatureTexts } from '../i18n/index.ts';
import { loadSupabase } from '../providers/supabase.ts';
import { SCREENS } from '../screens/registry.ts';

const LIGHT_TEXTS = ['kiosk', 'scanner', 'offline'] as const;

export default function LightGuardedScreen({ rule }: { rule: RouteRule }) {
  const [identity, setIdentity] = useState<Identity | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // The client may still be loading (the app paints before it): the screens below use supabase().
    // The kiosk's and the scanner's texts come with it (the shell loads every feature's; these need three).
    Promise.all([loadSupabase(), loadFeatureTexts(LIGHT_TEXTS)])
      .then(() => loadIdentity())
      .then(
        (found) => live && setIdentity(found),
        () => live && setIdentity(null),
      );
    return () => {
      live = false;
    };
  }, []);
  if (identity === undefined) return null;
  if (!mayOpen(rule, identity?.role)) return <Navigate to="/login" replace />;
  const Screen = SCREENS[rule.path];
  return Screen ? <Screen /> : null;
}
