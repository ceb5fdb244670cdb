// The access matrix as a table a reader can check against PRODUCT.md's role matrix.
import { describe, expect, it } from 'vitest';
import { ACTIONS, homeFor, mayDo, mayOpen, ROLES, ROUTES, ruleFor, type Action, type Role } from './roles.ts';

// route → who may open it (a = admin, h = hr, m = manager, e = employee, k = kiosk, * = anyone)
const ROUTE_TABLE: Record<string, string> = {
  '/': '*',
  '/login': '*',
  '/signup': '*',
  '/help': '*',
  '/status': '*',
  '/reset-password': '*',
  '/dashboard': 'a',
  '/manager-portal': 'm',
  '/employee-portal': 'e',
  '/attendance': 'ah',
  '/employee-registration': 'ahm',
  '/employee-management': 'ahm',
  '/users-management': 'ah',
  '/shifts-management': 'ahm',
  '/salary-management': 'ahm',
  '/payroll-management': 'ah',
  '/reports': 'ahme',
  '/settings': 'ah',
  '/scanner': 'ahk',
  '/attendance-scanner': 'ahk',
  '/employee-edit/:id': 'ahm',
  '/employee-view/:id': 'ahm',
  '/audit-log': 'ah',
};

const ACTION_TABLE: Record<Action, string> = {
  'employees.create': 'ahm',
  'employees.edit': 'ahm',
  'employees.archive': 'ahm',
  'employees.delete': 'ahm',
  'accounts.changeRole': 'ah',
  'roleRequests.decide': 'a',
  'attendance.correct': 'ahm',
  'attendance.manualEntry': 'ah',
  'shifts.edit': 'ah',
  'salary.create': 'ahm',
  'salary.approve': 'a',
  'salary.pay': 'ah',
  'payroll.run': 'ah',
  'settings.edit': 'a',
  'notifications.send': 'ahm',
  'audit.read': 'ah',
  'fingerprints.remove': 'a',
};

const letter: Record<Role, string> = { admin: 'a', hr: 'h', manager: 'm', employee: 'e', kiosk: 'k' };

describe('routes', () => {
  it('has exactly the routes of the table', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });

  it.each(Object.entries(ROUTE_TABLE))('%s opens for %s', (path, who) => {
    const rule = ruleFor(path)!;
    for (const role of ROLES)
      expect([role, mayOpen(rule, role)]).toEqual([role, who === '*' || who.includes(letter[role])]);
    expect(mayOpen(rule, undefined)).toBe(who === '*');
  });

  it('refuses as the spec says: the portals with their own messages, everything else to /login', () => {
    expect(ruleFor('/manager-portal')!.refusal).toBe('manager-only');
    expect(ruleFor('/employee-portal')!.refusal).toBe('employee-only');
    expect(ROUTES.filter((r) => !r.path.includes('portal')).every((r) => r.refusal === 'login')).toBe(true);
  });

  it('sends each role home after login, anyone else to /login', () => {
    expect(['admin', 'hr', 'manager', 'employee', 'kiosk', 'ceo', undefined].map(homeFor)).toEqual([
      '/dashboard',
      '/employee-management',
      '/manager-portal',
      '/employee-portal',
      '/attendance-scanner',
      '/login',
      '/login',
    ]);
  });
});

describe('actions', () => {
  it.each(Object.entries(ACTION_TABLE))('%s is for %s', (action, who) => {
    expect(Object.keys(ACTIONS).sort()).toEqual(Object.keys(ACTION_TABLE).sort());
    for (const role of ROLES)
      expect([role, mayDo(action as Action, role)]).toEqual([role, who.includes(letter[role])]);
    expect(mayDo(action as Action, undefined)).toBe(false);
  });
});
