// A guarded route's screen (loaded with Refine): the guard, then the screen.
import type { RouteRule } from '../domain/access/roles.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { ScreenNotAvailable } from './ScreenNotAvailable.tsx';

/** Screens of later issues: the guard, the title and a plain "not available yet". */
export default function GuardedScreen({ rule }: { rule: RouteRule }) {
  return (
    <RouteGuard rule={rule}>
      <ScreenNotAvailable titleKey={rule.titleKey} />
    </RouteGuard>
  );
}
