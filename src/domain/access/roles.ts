// Roles and routes: one list each, used by the access-control provider, the route guards,
// the menu and the login redirect. Mirrors docs/product.md's matrix; the database enforces it.
export const ROLES = ['admin', 'hr', 'manager', 'employee', 'kiosk'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Where each role lands after login. HR's home is the employee directory (the back office it works in). */
export const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/dashboard',
  hr: '/employee-management',
  manager: '/manager-portal',
  employee: '/employee-portal',
  kiosk: '/attendance-scanner',
};

/** What a person without the role sees: the spec names three outcomes. */
export type Refusal = 'login' | 'manager-only' | 'employee-only';

export interface RouteRule {
  path: string;
  /** Key of the screen's title in the i18n resources. */
  titleKey: string;
  roles: readonly Role[] | 'public';
  refusal: Refusal;
  /** Back-office screens use the themed layout; portals and the kiosk do not. */
  layout: 'back-office' | 'bare';
}

const STAFF = ['admin', 'hr'] as const;

export const ROUTES: readonly RouteRule[] = [
  { path: '/', titleKey: 'routes.landing', roles: 'public', refusal: 'login', layout: 'bare' },
  { path: '/login', titleKey: 'routes.login', roles: 'public', refusal: 'login', layout: 'bare' },
  { path: '/signup', titleKey: 'routes.signup', roles: 'public', refusal: 'login', layout: 'bare' },
  { path: '/help', titleKey: 'routes.help', roles: 'public', refusal: 'login', layout: 'bare' },
  { path: '/status', titleKey: 'routes.status', roles: 'public', refusal: 'login', layout: 'bare' },
  {
    path: '/biometric-policy',
    titleKey: 'biometricConsent.page.title',
    roles: 'public',
    refusal: 'login',
    layout: 'bare',
  },
  {
    path: '/reset-password',
    titleKey: 'routes.resetPassword',
    roles: 'public',
    refusal: 'login',
    layout: 'bare',
  },
  {
    path: '/dashboard',
    titleKey: 'routes.dashboard',
    roles: ['admin'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/manager-portal',
    titleKey: 'routes.managerPortal',
    roles: ['manager'],
    refusal: 'manager-only',
    layout: 'bare',
  },
  {
    path: '/employee-portal',
    titleKey: 'routes.employeePortal',
    roles: ['employee'],
    refusal: 'employee-only',
    layout: 'bare',
  },
  {
    path: '/attendance',
    titleKey: 'routes.attendance',
    roles: STAFF,
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/employee-registration',
    titleKey: 'routes.employeeRegistration',
    roles: [...STAFF, 'manager'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/employee-management',
    titleKey: 'routes.employeeManagement',
    roles: [...STAFF, 'manager'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/users-management',
    titleKey: 'routes.usersManagement',
    roles: STAFF,
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/shifts-management',
    titleKey: 'routes.shiftsManagement',
    roles: [...STAFF, 'manager'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/salary-management',
    titleKey: 'routes.salaryManagement',
    roles: [...STAFF, 'manager'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/payroll-management',
    titleKey: 'routes.payrollManagement',
    roles: STAFF,
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/reports',
    titleKey: 'routes.reports',
    roles: [...STAFF, 'manager', 'employee'],
    refusal: 'login',
    layout: 'back-office',
  },
  { path: '/settings', titleKey: 'routes.settings', roles: STAFF, refusal: 'login', layout: 'back-office' },
  {
    path: '/scanner',
    titleKey: 'routes.scanner',
    roles: [...STAFF, 'kiosk'],
    refusal: 'login',
    layout: 'bare',
  },
  {
    path: '/attendance-scanner',
    titleKey: 'routes.attendanceScanner',
    roles: [...STAFF, 'kiosk'],
    refusal: 'login',
    layout: 'bare',
  },
  {
    path: '/employee-edit/:id',
    titleKey: 'routes.employeeEdit',
    roles: [...STAFF, 'manager'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/employee-view/:id',
    titleKey: 'routes.employeeView',
    roles: [...STAFF, 'manager'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/leave-requests',
    titleKey: 'leave.routes.list',
    roles: [...STAFF, 'manager', 'employee'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/leave-requests/new',
    titleKey: 'leave.routes.create',
    roles: [...STAFF, 'manager', 'employee'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/leave-requests/:id',
    titleKey: 'leave.routes.show',
    roles: [...STAFF, 'manager', 'employee'],
    refusal: 'login',
    layout: 'back-office',
  },
  {
    path: '/audit-log',
    titleKey: 'routes.auditLog',
    roles: STAFF,
    refusal: 'login',
    layout: 'back-office',
  },
];

export function ruleFor(path: string): RouteRule | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** May this role (or nobody signed in) open this route? */
export function mayOpen(rule: RouteRule, role: Role | undefined): boolean {
  if (rule.roles === 'public') return true;
  return role !== undefined && rule.roles.includes(role);
}

export function homeFor(role: unknown): string {
  return isRole(role) ? HOME_BY_ROLE[role] : '/login';
}

/** Buttons and actions beyond opening a screen (mirrors what RLS and the RPCs allow). */
export const ACTIONS = {
  'employees.create': ['admin', 'hr', 'manager'],
  'employees.edit': ['admin', 'hr', 'manager'],
  'employees.archive': ['admin', 'hr', 'manager'],
  'employees.delete': ['admin', 'hr', 'manager'],
  'accounts.changeRole': ['admin', 'hr'],
  'roleRequests.decide': ['admin'],
  'attendance.correct': ['admin', 'hr', 'manager'],
  'attendance.manualEntry': ['admin', 'hr'],
  'shifts.edit': ['admin', 'hr'],
  'salary.create': ['admin', 'hr', 'manager'],
  'salary.approve': ['admin'],
  'salary.pay': ['admin', 'hr'],
  'payroll.run': ['admin', 'hr'],
  'settings.edit': ['admin'],
  'notifications.send': ['admin', 'hr', 'manager'],
  'audit.read': ['admin', 'hr'],
  /** Salary, status and site of a person's record; their audit history. */
  'employees.employment': ['admin', 'hr'],
  'accounts.createKiosk': ['admin'],
  'accounts.removeTwoFactor': ['admin'],
  /** The roles the settings' 'two-factor required' applies to (app.requires_two_factor). */
  'twoFactor.required': ['admin', 'hr'],
  'fingerprints.remove': ['admin'],
  /** Dismiss or record a verify kiosk's offline press that did not verify at replay. */
  'fingerprints.reviewPresses': ['admin', 'hr'],
  /** Approve or reject leave (a manager: their team's, when the policy lets managers decide). */
  'leave.decide': ['admin', 'hr', 'manager'],
  /** Record leave on someone's behalf, also after the fact (approved at once). */
  'leave.record': ['admin', 'hr'],
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof ACTIONS;

export function mayDo(action: Action, role: Role | undefined): boolean {
  return role !== undefined && (ACTIONS[action] as readonly Role[]).includes(role);
}

// Rules about another person (mirroring the database's app.may_manage_employee,
// app.may_manage_account and app.guard_employee_write): screens hide what it would refuse.

/** The roles `role` may give when creating or changing a record, most powerful first. */
export function grantableRoles(role: Role | undefined): Role[] {
  if (role === 'admin') return ['admin', 'hr', 'manager', 'employee'];
  if (role === 'hr') return ['manager', 'employee'];
  if (role === 'manager') return ['employee'];
  return [];
}

/** May `actor` manage the account (role, sign-in, deletion) of a person whose role is `target`? */
export function mayManageAccount(actor: Role | undefined, target: Role): boolean {
  return actor === 'admin' || (actor === 'hr' && (target === 'employee' || target === 'manager'));
}

/** May `actor` change the status of a person whose role is `target` (admin and HR records: admins only)? */
export function mayChangeStatusOf(actor: Role | undefined, target: Role): boolean {
  return actor === 'admin' || (actor === 'hr' && target !== 'admin' && target !== 'hr');
}

/** The signed-in person as the people rules need them: a manager manages their departments' employees. */
export interface Actor {
  role: Role | undefined;
  employeeId: string | null | undefined;
  managedDepartments: ReadonlySet<string>;
}

/** May the actor register people into this department (admin and HR: any)? */
export function mayUseDepartment(actor: Actor, departmentId: string): boolean {
  return actor.role === 'admin' || actor.role === 'hr' || actor.managedDepartments.has(departmentId);
}

/** May the actor edit, archive or restore this person (never themselves)? */
export function mayManageEmployee(
  actor: Actor,
  target: { id: string; role: Role; department_id: string | null },
): boolean {
  if (!actor.role || target.id === actor.employeeId) return false;
  if (actor.role === 'manager')
    return target.role === 'employee' && actor.managedDepartments.has(target.department_id ?? '');
  return mayManageAccount(actor.role, target.role);
}
