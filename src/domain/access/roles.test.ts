// The access matrix as a table a reader can check against the role matrix of docs/product.md.
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  grantableRoles,
  homeFor,
  mayChangeStatusOf,
  mayDo,
  mayManageAccount,
  mayManageEmployee,
  mayOpen,
  mayUseDepartment,
  ROLES,
  ROUTES,
  ruleFor,
  type Action,
  type Actor,
  type Role,
} from './roles.ts';

// route → who may open it (a = admin, h = hr, m = manager, e = employee, k = kiosk, * = anyone)
const ROUTE_TABLE: Record<string, string> = {
  '/': '*',
  '/login': '*',
  '/signup': '*',
  '/help': '*',
  '/status': '*',
  '/biometric-policy': '*',
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
  '/leave-requests': 'ahme',
  '/leave-requests/new': 'ahme',
  '/leave-requests/:id': 'ahme',
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
  'employees.employment': 'ah',
  'accounts.createKiosk': 'a',
  'accounts.removeTwoFactor': 'a',
  'twoFactor.required': 'ah',
  'fingerprints.remove': 'a',
  'fingerprints.reviewPresses': 'ah',
  'leave.decide': 'ahm',
  'leave.record': 'ah',
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

describe('rules about another person', () => {
  it('grants the roles the database lets each role give', () => {
    expect(ROLES.map(grantableRoles)).toEqual([
      ['admin', 'hr', 'manager', 'employee'],
      ['manager', 'employee'],
      ['employee'],
      [],
      [],
    ]);
  });

  it('lets admins manage every account and HR employees and managers', () => {
    const table = ROLES.map((actor) => ROLES.filter((target) => mayManageAccount(actor, target)));
    expect(table).toEqual([[...ROLES], ['manager', 'employee'], [], [], []]);
    expect(ROLES.filter((target) => mayChangeStatusOf('hr', target))).toEqual([
      'manager',
      'employee',
      'kiosk',
    ]);
  });

  it('lets a manager manage the employees of their departments, nobody themselves', () => {
    const manager: Actor = { role: 'manager', employeeId: 'm', managedDepartments: new Set(['d1']) };
    const hr: Actor = { role: 'hr', employeeId: 'h', managedDepartments: new Set() };
    const person = (id: string, role: Role, department_id: string | null) => ({ id, role, department_id });
    expect(mayManageEmployee(manager, person('e1', 'employee', 'd1'))).toBe(true);
    expect(mayManageEmployee(manager, person('e2', 'employee', 'd2'))).toBe(false);
    expect(mayManageEmployee(manager, person('m2', 'manager', 'd1'))).toBe(false);
    expect(mayManageEmployee(hr, person('m2', 'manager', 'd2'))).toBe(true);
    expect(mayManageEmployee(hr, person('h', 'hr', 'd2'))).toBe(false);
    expect(mayUseDepartment(manager, 'd2')).toBe(false);
    expect(mayUseDepartment(hr, 'd2')).toBe(true);
  });
});
