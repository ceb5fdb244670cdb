// A guarded full-screen route that renders without Refine and antd (the kiosk and the scanner):
// the same route table decides, from the employee row (loadIdentity), never from user metadata.
// A refused or signed-out visitor goes to /login, as RouteGuard does for these routes.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { mayOpen, type RouteRule } from '../domain/access/roles.ts';
import { loadFeatureTexts } from '../i18n/index.ts';
import { loadIdentity, type Identity } from '../providers/identity.ts';
import { LIGHT_SCREENS } from '../screens/light.ts';

// The texts each light screen shows (src/i18n/locales/*/<name>.json): the shell's load of every
// feature's texts does not run here, and loading every feature's texts would weigh on the kiosk's
// first paint. `painted`: what the screen shows at once, loaded before it renders; `failures`: the
// texts of refusals and errors (every error code's, ~14 KB gzipped), loaded right after it painted.
const TEXTS: Record<string, { painted: readonly string[]; failures: readonly string[] }> = {
  '/attendance-scanner': {
    painted: ['kiosk', 'kioskTap', 'kioskVerify', 'offline', 'scanner', 'pin'],
    failures: ['punch', 'errors'],
  },
  '/scanner': { painted: ['kiosk', 'scanner'], failures: ['errors'] },
};
const NO_TEXTS = { painted: [], failures: [] };

export default function LightGuardedScreen({ rule }: { rule: RouteRule }) {
  const [identity, setIdentity] = useState<Identity | null | undefined>(undefined);
  const [, setFailureTexts] = useState(false);
  const texts = TEXTS[rule.path] ?? NO_TEXTS;
  useEffect(() => {
    let live = true;
    // loadIdentity loads the Supabase client first: the screens below may then use supabase().
    Promise.all([loadIdentity(), loadFeatureTexts(texts.painted)])
      .then(([found]) => found)
      .then(
        (found) => live && setIdentity(found),
        () => live && setIdentity(null),
      );
    return () => {
      live = false;
    };
  }, [texts]);
  const allowed = identity !== undefined && mayOpen(rule, identity?.role);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    // Rendered again once they are there, in case a failure was already on screen.
    void loadFeatureTexts(texts.failures).then(() => live && setFailureTexts(true));
    return () => {
      live = false;
    };
  }, [allowed, texts]);
  if (identity === undefined) return null;
  if (!allowed) return <Navigate to="/login" replace />;
  const Screen = LIGHT_SCREENS[rule.path];
  return Screen ? <Screen /> : null;
}
