// The side menu: which screens it lists, in which order, for each role. Each role's home comes first
// (menu.test.ts), and a person sees only the screens they may open (the access module).
import { HOME_BY_ROLE, mayOpen, ROUTES, type Role } from './roles.ts';

/** Every menu entry, in the order people meet them: homes first, then daily work, then administration. */
export const MENU_ORDER = [
  '/dashboard',
  '/manager-portal',
  '/employee-portal',
  '/employee-management',
  '/attendance',
  '/leave-requests',
  '/employee-registration',
  '/users-management',
  '/shifts-management',
  '/salary-management',
  '/payroll-management',
  '/reports',
  '/settings',
  '/audit-log',
] as const;
export type MenuPath = (typeof MENU_ORDER)[number];

/** The menu of a role: the entries it may open, its home first. */
export function menuFor(role: Role | undefined): MenuPath[] {
  const allowed = MENU_ORDER.filter((path) => {
    const rule = ROUTES.find((r) => r.path === path);
    return rule !== undefined && mayOpen(rule, role);
  });
  const home = role ? HOME_BY_ROLE[role] : undefined;
  return [...allowed.filter((p) => p === home), ...allowed.filter((p) => p !== home)];
}
