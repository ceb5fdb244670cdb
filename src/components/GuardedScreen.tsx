// A guarded route's screen (loaded with Refine): the guard, then the screen its feature declares
// (src/screens/registry.ts), or a plain "not available yet" for a route nobody has built.
import type { RouteRule } from '../domain/access/roles.ts';
import { SCREENS } from '../screens/registry.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { ScreenNotAvailable } from './ScreenNotAvailable.tsx';

export default function GuardedScreen({ rule }: { rule: RouteRule }) {
  const Screen = SCREENS[rule.path];
  return (
    <RouteGuard rule={rule}>
      {Screen ? <Screen /> : <ScreenNotAvailable titleKey={rule.titleKey} />}
    </RouteGuard>
  );
}
