// A guarded route's screen (loaded with Refine): the guard, then the screen its feature declares
// (src/screens/registry.ts). Every guarded route has one (src/screens/registry.test.ts); a route
// without a screen would be a broken link, so it answers as an unknown address does.
import type { RouteRule } from '../domain/access/roles.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { SCREENS } from '../screens/registry.ts';
import { RouteGuard } from './RouteGuard.tsx';

export default function GuardedScreen({ rule }: { rule: RouteRule }) {
  const Screen = SCREENS[rule.path];
  return <RouteGuard rule={rule}>{Screen ? <Screen /> : <NotFoundPage />}</RouteGuard>;
}
