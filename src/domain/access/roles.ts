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

/** A full-screen page (a portal, the kiosk) for these roles; `refusal` is what anyone else sees. */
const fullScreen = (
  path: string,
  titleKey: string,
  roles: RouteRule['roles'],
  refusal: Refusal = 'login',
): RouteRule => ({ path, titleKey, roles, refusal, layout: 'bare' });
/** A page anyone may open, without the back office around it. */
const open = (path: string, titleKey: string) => fullScreen(path, titleKey, 'public');
/** A back-office screen for these roles; anyone else is sent to the login. */
const backOffice = (path: string, titleKey: string, roles: readonly Role[]): RouteRule => ({
  ...fullScreen(path, titleKey, roles),
  layout: 'back-office',
});

export const ROUTES: readonly RouteRule[] = [
  open('/', 'routes.landing'),
  open('/login', 'routes.login'),
  open('/signup', 'routes.signup'),
  open('/help', 'routes.help'),
  open('/status', 'routes.status'),
  open('/biometric-policy', 'biometricConsent.page.title'),
  open('/reset-password', 'routes.resetPassword'),
  backOffice('/dashboard', 'routes.dashboard', ['admin']),
  fullScreen('/manager-portal', 'routes.managerPortal', ['manager'], 'manager-only'),
  fullScreen('/employee-portal', 'routes.employeePortal', ['employee'], 'employee-only'),
  backOffice('/attendance', 'routes.attendance', STAFF),
  backOffice('/employee-registration', 'routes.employeeRegistration', [...STAFF, 'manager']),
  backOffice('/employee-management', 'routes.employeeManagement', [...STAFF, 'manager']),
  backOffice('/users-management', 'routes.usersManagement', STAFF),
  backOffice('/shifts-management', 'routes.shiftsManagement', [...STAFF, 'manager']),
  backOffice('/salary-management', 'routes.salaryManagement', [...STAFF, 'manager']),
  backOffice('/payroll-management', 'routes.payrollManagement', STAFF),
  backOffice('/reports', 'routes.reports', [...STAFF, 'manager', 'employee']),
  backOffice('/settings', 'routes.settings', STAFF),
  fullScreen('/scanner', 'routes.scanner', [...STAFF, 'kiosk']),
  fullScreen('/attendance-scanner', 'routes.attendanceScanner', [...STAFF, 'kiosk']),
  backOffice('/employee-edit/:id', 'routes.employeeEdit', [...STAFF, 'manager']),
  backOffice('/employee-view/:id', 'routes.employeeView', [...STAFF, 'manager']),
  backOffice('/leave-requests', 'leave.routes.list', [...STAFF, 'manager', 'employee']),
  backOffice('/leave-requests/new', 'leave.routes.create', [...STAFF, 'manager', 'employee']),
  backOffice('/leave-requests/:id', 'leave.routes.show', [...STAFF, 'manager', 'employee']),
  backOffice('/audit-log', 'routes.auditLog', STAFF),
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
