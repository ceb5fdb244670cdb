import { describe, expect, it } from 'vitest';
import { menuFor, MENU_ORDER } from './menu.ts';
import { homeFor, mayOpen, ROLES, ROUTES } from './roles.ts';

describe('the side menu', () => {
  it("starts with each role's home (the logo's target once signed in)", () => {
    for (const role of ROLES.filter((r) => r !== 'kiosk')) expect(menuFor(role)[0]).toBe(homeFor(role));
  });

  it('lists only screens the role may open, and every menu path is a route', () => {
    for (const role of ROLES)
      for (const path of menuFor(role))
        expect(
          mayOpen(
            ROUTES.find((r) => r.path === path)!,
            role,
          ),
        ).toBe(true);
    for (const path of MENU_ORDER) expect(ROUTES.some((r) => r.path === path)).toBe(true);
  });

  it("gives a manager their portal beside the back-office screens they may open, never the admin's", () => {
    expect(menuFor('manager')).toEqual([
      '/manager-portal',
      '/employee-management',
      '/leave-requests',
      '/employee-registration',
      '/shifts-management',
      '/salary-management',
      '/reports',
    ]);
    expect(menuFor('employee')).toEqual(['/employee-portal', '/leave-requests', '/reports']);
    expect(menuFor(undefined)).toEqual([]);
  });
});
