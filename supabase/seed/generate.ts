// Deterministic demo data: two sites, departments, shifts (one crossing midnight), employees
// with the six demo accounts, attendance with realistic lateness, absences and forgotten
// check-outs, notifications and public holidays. Rendered as SQL that runs unchanged on
// Supabase (as the database owner) and on the local stack.
import bcrypt from 'bcryptjs';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { demoEnrolment, demoFingerSql, enrolmentSql, type DemoEnrolment } from './fingerprints.ts';
import { demoEnrolments } from './fingerprints-parallel.ts';
import { publicHolidays } from './holidays.ts';
import { leaveSeedSql } from './leave.ts';
import { BF_FIRST, BF_LAST, DEPARTMENTS, US_FIRST, US_LAST } from './names.ts';
import { Random } from './random.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEMO_PASSWORD = 'demo-password';

export interface SeedOptions {
  /** Employees in total, demo accounts included (at least 6). */
  employees: number;
  /** Days of attendance history, today included. */
  days: number;
  seed?: number;
  /** The moment "now" (tests pin it). */
  now?: Date;
  /** Enrol a synthetic fingerprint for every employee (about 0.4 s each: npm start's demo only). */
  fingerprints?: boolean;
  /**
   * Pay that tells the story (npm start's demo): approved salaries, last month's payroll paid,
   * proposals pending and rejected. Journeys that build their own pay leave it out.
   */
  pay?: boolean;
}

type Role = 'admin' | 'hr' | 'manager' | 'employee' | 'kiosk';
type Country = 'US' | 'BF';

interface Site {
  id: string;
  name: string;
  country: Country;
  tz: string;
  currency: 'USD' | 'XOF';
}
interface Shift {
  id: string;
  name: string;
  siteId: string;
  start: string;
  end: string;
  breakMinutes: number;
  days: string[];
}
interface Employee {
  id: string;
  first: string;
  last: string;
  email: string;
  role: Role;
  site: Site;
  department: string | null;
  position: string | null;
  salary: number | null;
  joining: string;
  type: 'full_time' | 'part_time' | 'contract' | 'intern';
  locale: 'en' | 'fr';
  phone: string;
  shifts: Shift[];
  account: boolean;
}
interface Attendance {
  employeeId: string;
  siteId: string;
  tz: string;
  date: string;
  checkIn: string;
  checkOut: string | null;
  late: boolean;
  source: 'fingerprint' | 'manual' | 'kiosk_pin';
  kioskId: string | null;
  correction: { by: string; at: string; reason: string } | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LATE_THRESHOLD_MINUTES = 15;

export interface SeedData {
  sites: Site[];
  departments: Map<string, string>;
  shifts: Shift[];
  employees: Employee[];
  managers: Array<[department: string, employeeId: string]>;
  attendances: Attendance[];
  // System notifications are codes with parameters, read in each reader's language (src/i18n/locales/*/notifications.json).
  notifications: Array<{ employeeId: string; code: string; params: Record<string, string>; read: boolean; createdAt: string }>;
  holidays: Array<{ country: Country; date: string; name: string }>;
  passwordHash: string;
}

export function generateSeedData(options: SeedOptions): SeedData {
  const random = new Random(options.seed ?? 20261121);
  const now = dayjs(options.now ?? new Date());
  const us: Site = { id: random.uuid(), name: 'Chicago Plant', country: 'US', tz: 'America/Chicago', currency: 'USD' };
  const bf: Site = { id: random.uuid(), name: 'Ouagadougou', country: 'BF', tz: 'Africa/Ouagadougou', currency: 'XOF' };
  const departments = new Map(Object.keys(DEPARTMENTS).map((name) => [name, random.uuid()]));
  const shift = (name: string, site: Site, start: string, end: string, breakMinutes: number, days: string[]): Shift => ({
    id: random.uuid(),
    name,
    siteId: site.id,
    start,
    end,
    breakMinutes,
    days,
  });
  const usDay = shift('US Day', us, '08:00', '17:00', 60, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  const usNight = shift('US Night', us, '22:00', '06:00', 30, ['Sun', 'Mon', 'Tue', 'Wed', 'Thu']);
  const bfDay = shift('Ouaga Jour', bf, '07:30', '16:00', 60, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  const bfSaturday = shift('Ouaga Samedi', bf, '08:00', '12:00', 0, ['Sat']);

  const employees: Employee[] = [];
  const usedEmails = new Set<string>();
  const person = (
    first: string,
    last: string,
    role: Role,
    site: Site,
    department: string | null,
    extra: Partial<Employee> = {},
  ): Employee => {
    const base = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z.]/g, '');
    let email = `${base}@demo.test`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@demo.test`;
    usedEmails.add(email);
    const positions = department ? DEPARTMENTS[department]! : [];
    const employee: Employee = {
      id: random.uuid(),
      first,
      last,
      email,
      role,
      site,
      department,
      position: positions.length ? random.pick(positions) : null,
      salary:
        site.country === 'US' ? random.int(32, 90) * 100 : random.int(15, 90) * 10_000, // monthly, USD or XOF
      joining: now.subtract(random.int(120, 2400), 'day').format('YYYY-MM-DD'),
      type: random.chance(0.85) ? 'full_time' : random.pick(['part_time', 'contract', 'intern'] as const),
      locale: site.country === 'BF' ? 'fr' : 'en',
      phone: site.country === 'US' ? `+1 312 555 ${random.int(1000, 9999)}` : `+226 70 ${random.int(10, 99)} ${random.int(10, 99)} ${random.int(10, 99)}`,
      shifts: [],
      account: false,
      ...extra,
    };
    employees.push(employee);
    return employee;
  };

  // The demo accounts (password: demo-password).
  const admin = person('Alex', 'Morgan', 'admin', us, null, { email: 'admin@demo.test', account: true, position: 'Administrator' });
  const hr = person('Fatimata', 'Kaboré', 'hr', bf, 'Human Resources', { email: 'hr@demo.test', account: true, position: 'HR Manager' });
  const manager = person('Daniel', 'Carter', 'manager', us, 'Operations', { email: 'manager@demo.test', account: true, position: 'Operations Manager', shifts: [usDay] });
  person('Emily', 'Brooks', 'employee', us, 'Operations', { email: 'employee@demo.test', account: true, position: 'Machine Operator', shifts: [usDay] });
  const kioskUs = person('Kiosk', 'Chicago', 'kiosk', us, null, { email: 'kiosk.us@demo.test', account: true, position: null, salary: null });
  const kioskBf = person('Kiosk', 'Ouagadougou', 'kiosk', bf, null, { email: 'kiosk.bf@demo.test', account: true, position: null, salary: null, locale: 'fr' });
  const bfManager = person('Issouf', 'Sawadogo', 'manager', bf, 'Engineering', { position: 'Engineering Manager', shifts: [bfDay] });
  for (const e of [admin, hr, kioskUs, kioskBf]) e.salary = e.role === 'kiosk' ? null : e.salary;
  const managers: Array<[string, string]> = [
    ['Operations', manager.id],
    ['Logistics', manager.id],
    ['Engineering', bfManager.id],
  ];

  const deptNames = Object.keys(DEPARTMENTS).filter((d) => d !== 'Human Resources');
  while (employees.length < Math.max(options.employees, employees.length)) {
    const site = random.chance(0.55) ? us : bf;
    const first = random.pick(site.country === 'US' ? US_FIRST : BF_FIRST);
    const last = random.pick(site.country === 'US' ? US_LAST : BF_LAST);
    const shifts = site === us ? [random.chance(0.8) ? usDay : usNight] : random.chance(0.3) ? [bfDay, bfSaturday] : [bfDay];
    person(first, last, 'employee', site, random.pick(deptNames), { shifts });
  }

  const attendances = generateAttendance(random, employees, now, options.days, [kioskUs, kioskBf], manager);
  const notifications = generateNotifications(random, employees, attendances, now);

  const holidays: SeedData['holidays'] = [];
  for (const country of ['US', 'BF'] as const) {
    for (let year = now.subtract(options.days, 'day').year(); year <= now.year() + 1; year++) {
      holidays.push(...publicHolidays(country, year));
    }
  }

  // A fixed salt keeps the output identical for identical arguments.
  const saltChars = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const salt = '$2b$10$' + Array.from({ length: 22 }, () => saltChars[random.int(0, 63)]).join('');
  return {
    sites: [us, bf],
    departments,
    shifts: [usDay, usNight, bfDay, bfSaturday],
    employees,
    managers,
    attendances,
    notifications,
    holidays,
    passwordHash: bcrypt.hashSync(DEMO_PASSWORD, salt),
  };
}

function generateAttendance(
  random: Random,
  employees: Employee[],
  now: dayjs.Dayjs,
  days: number,
  kiosks: Employee[],
  corrector: Employee,
): Attendance[] {
  const records: Attendance[] = [];
  const nowMs = now.valueOf();
  // Time-zone conversions are slow: one per distinct (zone, wall time), then plain arithmetic.
  const instants = new Map<string, number>();
  const instantOf = (tz: string, wall: string) => {
    const key = `${tz}|${wall}`;
    let ms = instants.get(key);
    if (ms === undefined) instants.set(key, (ms = dayjs.tz(wall, tz).valueOf()));
    return ms;
  };
  /** The wall-clock time `minutes` after `day time` (as the site's clocks read it). */
  const wallPlus = (day: string, time: string, seconds: number) =>
    new Date(Date.parse(`${day}T${time}:00Z`) + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const calendar = new Map<string, Array<{ day: string; weekday: string; offset: number }>>();
  const daysAt = (tz: string) => {
    let list = calendar.get(tz);
    if (!list) {
      const today = Date.parse(`${now.tz(tz).format('YYYY-MM-DD')}T00:00:00Z`);
      list = [];
      for (let offset = days - 1; offset >= 0; offset--) {
        const date = new Date(today - offset * 86_400_000);
        list.push({ day: date.toISOString().slice(0, 10), weekday: WEEKDAYS[date.getUTCDay()]!, offset });
      }
      calendar.set(tz, list);
    }
    return list;
  };
  const holidaysBy = new Map<Country, Set<string>>();
  for (const country of ['US', 'BF'] as const) {
    const set = new Set<string>();
    for (let y = now.subtract(days, 'day').year(); y <= now.year(); y++) {
      for (const h of publicHolidays(country, y)) set.add(h.date);
    }
    holidaysBy.set(country, set);
  }
  for (const employee of employees) {
    if (employee.role === 'kiosk' || employee.shifts.length === 0) continue;
    const { tz } = employee.site;
    const kiosk = kiosks.find((k) => k.site === employee.site)!;
    const holidays = holidaysBy.get(employee.site.country)!;
    const calendarDays = daysAt(tz);
    const yesterday = calendarDays.at(-2)?.day;
    let forgotten: { record: Attendance; shift: Shift } | null = null;
    for (const { day, weekday, offset } of calendarDays) {
      if (day < employee.joining || holidays.has(day)) continue;
      const shift = employee.shifts.find((s) => s.days.includes(weekday));
      if (!shift) continue;
      if (random.chance(0.05)) continue; // absent
      const overnight = shift.end <= shift.start;
      const start = instantOf(tz, `${day} ${shift.start}`);
      const late = random.chance(0.1);
      const inSeconds = (late ? random.int(LATE_THRESHOLD_MINUTES + 1, 75) : random.int(-20, 12)) * 60 + random.int(0, 59);
      if (start + inSeconds * 1000 > nowMs) continue; // not yet
      // A forgotten check-out from before blocks a new check-in until someone corrects it.
      if (forgotten) {
        if (offset === 0 && forgotten.record.date === yesterday) continue;
        const { record: open, shift: openShift } = forgotten;
        open.checkOut = wallPlus(open.date, openShift.end, openShift.end <= openShift.start ? 86_400 : 0);
        const fixedAt = instantOf(tz, `${wallPlus(open.date, '09:00', 86_400).slice(0, 16)}`);
        open.correction = { by: corrector.id, at: new Date(fixedAt).toISOString(), reason: 'Forgot to check out' };
        forgotten = null;
      }
      const endDay = overnight ? wallPlus(day, '00:00', 86_400).slice(0, 10) : day;
      const outSeconds = random.int(-15, 40) * 60 + random.int(0, 59);
      const checkOutMs = instantOf(tz, `${endDay} ${shift.end}`) + outSeconds * 1000;
      const record: Attendance = {
        employeeId: employee.id,
        siteId: employee.site.id,
        tz,
        date: day,
        checkIn: wallPlus(day, shift.start, inSeconds),
        checkOut: checkOutMs > nowMs ? null : wallPlus(endDay, shift.end, outSeconds),
        late,
        source: random.chance(0.93) ? 'fingerprint' : random.chance(0.5) ? 'kiosk_pin' : 'manual',
        kioskId: kiosk.id,
        correction: null,
      };
      if (record.source === 'manual') record.kioskId = null;
      if (record.checkOut && offset > 0 && random.chance(0.02)) {
        record.checkOut = null;
        forgotten = { record, shift };
      }
      records.push(record);
    }
  }
  return records;
}


function generateNotifications(random: Random, employees: Employee[], records: Attendance[], now: dayjs.Dayjs) {
  const out: SeedData['notifications'] = [];
  const lateByEmployee = new Map<string, Attendance[]>();
  for (const r of records) if (r.late) lateByEmployee.set(r.employeeId, [...(lateByEmployee.get(r.employeeId) ?? []), r].slice(-2));
  for (const e of employees) {
    if (e.role === 'kiosk') continue;
    out.push({
      employeeId: e.id,
      code: 'account.welcome',
      params: {},
      read: true,
      createdAt: now.subtract(random.int(60, 90), 'day').toISOString(),
    });
    const lates = lateByEmployee.get(e.id) ?? [];
    for (const r of lates) {
      out.push({
        employeeId: e.id,
        code: 'attendance.late_arrival',
        params: { date: r.date },
        read: random.chance(0.5),
        createdAt: dayjs.tz(r.checkIn, r.tz).add(2, 'hour').toISOString(),
      });
    }
  }
  return out;
}

// SQL ---------------------------------------------------------------------------------
const q = (value: string | null | undefined) => (value === null || value === undefined ? 'null' : `'${value.replace(/'/g, "''")}'`);
const n = (value: number | null) => (value === null ? 'null' : String(value));

function chunked<T>(rows: T[], size: number, render: (chunk: T[]) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(render(rows.slice(i, i + size)));
  return out;
}

/** The seed as SQL statements, in batches (each string is one statement). */
/**
 * A demo account's invitation token: deterministic (the seed prints the same SQL every time) and
 * harmless, since the account's own insert uses it up in the same load.
 */
const seedInvitationToken = (employeeId: string) => `demo-seed-${employeeId}`;

export function renderSeedSql(data: SeedData): string[] {
  const deptId = (name: string | null) => (name ? q(data.departments.get(name)!) : 'null');
  const statements: string[] = [
    `insert into public.sites (id, name, country, time_zone, currency) values\n${data.sites
      .map((s) => `(${q(s.id)}, ${q(s.name)}, ${q(s.country)}, ${q(s.tz)}, ${q(s.currency)})`)
      .join(',\n')}`,
    `insert into public.departments (id, name) values\n${[...data.departments]
      .map(([name, id]) => `(${q(id)}, ${q(name)})`)
      .join(',\n')}`,
    ...chunked(
      data.employees,
      500,
      (rows) =>
        `insert into public.employees (id, first_name, last_name, email, phone, position, department_id, site_id, salary, joining_date, employment_type, role, locale, has_agreed_to_terms) values\n${rows
          .map(
            (e) =>
              `(${q(e.id)}, ${q(e.first)}, ${q(e.last)}, ${q(e.email)}, ${q(e.phone)}, ${q(e.position)}, ${deptId(e.department)}, ${q(e.site.id)}, ${n(e.salary)}, ${q(e.joining)}, ${q(e.type)}, ${q(e.role)}, ${q(e.locale)}, true)`,
          )
          .join(',\n')}`,
    ),
    `insert into public.department_managers (department_id, employee_id) values\n${data.managers
      .map(([d, id]) => `(${deptId(d)}, ${q(id)})`)
      .join(',\n')}`,
    `insert into public.shifts (id, name, site_id, start_time, end_time, break_duration, days_of_week) values\n${data.shifts
      .map((s) => `(${q(s.id)}, ${q(s.name)}, ${q(s.siteId)}, ${q(s.start)}, ${q(s.end)}, ${s.breakMinutes}, array[${s.days.map(q).join(', ')}])`)
      .join(',\n')}`,
    ...chunked(
      data.employees.flatMap((e) => e.shifts.map((s) => [s.id, e.id] as const)),
      2000,
      (rows) => `insert into public.shift_assignments (shift_id, employee_id) values\n${rows.map(([s, e]) => `(${q(s)}, ${q(e)})`).join(',\n')}`,
    ),
    ...chunked(
      data.attendances,
      2000,
      (rows) =>
        `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source, device, kiosk_id, correction_reason, corrected_by, corrected_at) values\n${rows
          .map((a) => {
            const at = (t: string | null) => (t === null ? 'null' : `${q(t)}::timestamp at time zone ${q(a.tz)}`);
            const status = a.checkOut ? 'checked_out' : 'checked_in';
            const c = a.correction;
            return `(${q(a.employeeId)}, ${q(a.siteId)}, ${q(a.date)}, ${at(a.checkIn)}, ${at(a.checkOut)}, '${status}', '${a.late ? 'late' : 'on_time'}', '${a.source}', ${a.kioskId ? q('kiosk') : 'null'}, ${q(a.kioskId)}, ${q(c?.reason)}, ${q(c?.by)}, ${q(c?.at)})`;
          })
          .join(',\n')}`,
    ),
    ...chunked(
      data.notifications,
      2000,
      (rows) =>
        `insert into public.notifications (employee_id, code, params, read, read_at, created_at) values\n${rows
          .map((x) => `(${q(x.employeeId)}, ${q(x.code)}, ${q(JSON.stringify(x.params))}::jsonb, ${x.read}, ${x.read ? q(x.createdAt) : 'null'}, ${q(x.createdAt)})`)
          .join(',\n')}`,
    ),
    `insert into public.holidays (country, date, name) values\n${data.holidays
      .map((h) => `(${q(h.country)}, ${q(h.date)}, ${q(h.name)})`)
      .join(',\n')}\non conflict do nothing`,
    // Accounts last, each through an invitation as people sign up (a record is linked only with its
    // invitation's token: app.claim_invitation). The token is used up by the insert right after it.
    `insert into public.account_invitations (employee_id, email, token_hash, expires_at) values\n${data.employees
      .filter((e) => e.account)
      .map((e) => `(${q(e.id)}, ${q(e.email)}, extensions.digest(${q(seedInvitationToken(e.id))}, 'sha256'), now() + interval '1 day')`)
      .join(',\n')}`,
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at) values\n${data.employees
      .filter((e) => e.account)
      .map(
        (e) =>
          `(${q(e.id)}, 'authenticated', 'authenticated', ${q(e.email)}, ${q(data.passwordHash)}, now(), '{"provider":"email","providers":["email"]}', ${q(JSON.stringify({ first_name: e.first, last_name: e.last, invitation_token: seedInvitationToken(e.id) }))}, now(), now())`,
      )
      .join(',\n')}`,
    // The daily figures (app.person_days) once for the whole load instead of once per batch.
    `select set_config('app.person_days_defer', 'off', true), app.person_days_refresh(null, '-infinity', 'infinity')`,
    // Statistics for what was just filled: the first reports are planned on them, not on empty tables.
    `analyze public.employees, public.attendances, public.shift_assignments, app.person_days, app.person_days_cum, app.person_months, app.day_figures`,
  ];
  // Run in one transaction (npm start, the benchmarks), the batches leave app.person_days alone.
  statements.unshift(`select set_config('app.person_days_defer', 'on', true)`);
  return statements;
}

export function generateSeedSql(options: SeedOptions): string {
  const data = generateSeedData(options);
  return seedSql(
    data,
    options.fingerprints ? demoStaff(data).map((id) => demoEnrolment(id)) : undefined,
    options.pay,
  );
}

/**
 * generateSeedSql, with the demo fingerprints made on worker threads (one per core by default): the
 * same SQL, in a fraction of the time on several cores (npm start's first start).
 */
export async function generateSeedSqlInParallel(options: SeedOptions, threads?: number): Promise<string> {
  const data = generateSeedData(options);
  return seedSql(
    data,
    options.fingerprints ? await demoEnrolments(demoStaff(data), threads) : undefined,
    options.pay,
  );
}

/** Who gets a demo fingerprint: everyone but the kiosks. */
function demoStaff(data: SeedData): string[] {
  return data.employees.filter((e) => e.role !== 'kiosk').map((e) => e.id);
}

/**
 * Every demo person can be paid (issue 29 item 5): the Chicago site's ACH originator, and a payment
 * account per person derived from their id. The numbers are made up but pass the checks the
 * database makes (ABA check digit, IBAN mod-97, +226 mobile): routing numbers of real Chicago-area
 * banks with invented account numbers; invented UEMOA RIBs with their IBAN check digits computed.
 * Chicago: 1 in 10 paid in cash, the rest by bank; Ouagadougou: half by bank, 3 in 10 Orange Money,
 * 1 in 10 Moov Money, 1 in 10 cash.
 */
const paymentSeedSql = [
  `insert into public.payment_originators (site_id, company_name, company_id, odfi_routing, odfi_name)
   select id, 'POINTAGE INC', '1364123456', '071000013', 'JPMORGAN CHASE BANK' from public.sites where country = 'US'`,
  `insert into public.payment_accounts (employee_id, method, country, routing_number, account_number, account_type,
                                        iban, bank_name, operator, msisdn)
   select p.id, p.method::public.payment_method, p.country,
          case when p.method = 'bank_account' and p.country = 'US' then (array['071000013', '081904808', '021001208'])[p.h % 3 + 1] end,
          case when p.method = 'bank_account' and p.country = 'US' then lpad((p.h % 10000000000)::text, 10, '0') end,
          case when p.method = 'bank_account' and p.country = 'US' then
            (case when p.h % 4 = 0 then 'savings' else 'checking' end)::public.bank_account_type end,
          case when p.method = 'bank_account' and p.country = 'BF' then
            'BF' || lpad((98 - app.iban_mod97('BF00' || p.bban))::text, 2, '0') || p.bban end,
          case when p.method = 'bank_account' and p.country = 'BF' then
            (array['Bank of Africa Burkina Faso', 'Coris Bank International', 'Ecobank Burkina', 'Société Générale Burkina Faso'])[p.h % 4 + 1] end,
          case when p.method = 'mobile_money' then
            (case when p.h % 10 = 8 then 'moov_money' else 'orange_money' end)::public.mobile_operator end,
          case when p.method = 'mobile_money' then
            '+226' || case when p.h % 10 = 8 then '6' else '7' end || lpad((p.h % 10000000)::text, 7, '0') end
   from (
     select e.id, s.country, k.h,
            (array['BF084', 'BF048', 'BF043', 'BF042'])[k.h % 4 + 1] || lpad((k.h % 100000)::text, 5, '0')
              || lpad((k.h % 1000000000000)::text, 12, '0') || lpad((k.h % 97)::text, 2, '0') as bban,
            case when s.country = 'US' then case when k.h % 10 = 0 then 'cash' else 'bank_account' end
                 when k.h % 10 < 5 then 'bank_account' when k.h % 10 < 9 then 'mobile_money' else 'cash' end as method
     from public.employees e
     join public.sites s on s.id = e.site_id
     cross join lateral (select ('x' || substr(md5(e.id::text), 1, 15))::bit(60)::bigint as h) k
     where e.role <> 'kiosk'
   ) p`,
];

function seedSql(data: SeedData, enrolments: DemoEnrolment[] | undefined, pay = false): string {
  const statements = renderSeedSql(data);
  // Demo data: the scanner page may offer its simulator (generated demo fingers).
  statements.push(`update public.system_settings set scanner_simulator = true where id = 'default'`);
  // What payslips name: each site's address, the employer's CNSS number in Burkina Faso, and the
  // CNSS numbers of the Ouagadougou staff (in their pay profiles), derived from their ids.
  statements.push(
    `update public.sites set address = case country when 'US' then '1200 W Fulton Market, Chicago, IL 60607, USA'
       else 'Avenue Kwame Nkrumah, 01 BP 1234 Ouagadougou 01, Burkina Faso' end,
       cnss_employer_number = case country when 'BF' then '0012345 A' end,
       state = case country when 'US' then 'IL' end`,
    `insert into public.employee_pay_profiles (employee_id, cnss_number)
     select e.id, 'BF-' || lpad((('x' || substr(md5(e.id::text), 1, 7))::bit(28)::int % 10000000)::text, 7, '0')
     from public.employees e join public.sites s on s.id = e.site_id
     where s.country = 'BF' and e.role <> 'kiosk'
     on conflict (employee_id) do update set cnss_number = excluded.cnss_number`,
    ...paymentSeedSql,
  );
  statements.push(...leaveSeedSql());
  if (pay) statements.push(...demoPaySql());
  if (enrolments?.length) statements.push(enrolmentSql(enrolments), demoFingerSql(enrolments));
  return statements.join(';\n\n') + ';\n';
}

/**
 * Pay that tells the story on first start: an approved monthly structure for every active person
 * (their monthly salary, each site's rule set) from three months back, last month's payroll
 * generated, processed and paid at both sites (payslips to download), a raise proposed for next
 * month for a few people (pending) and one proposal rejected. The seed runs as the database owner
 * (app.is_trusted()), through the same functions the screens call.
 */
function demoPaySql(): string[] {
  return [
    `insert into public.salary_structures (employee_id, rule_set, country, pay_basis, frequency, basic_salary,
       hours_worked, hourly_rate, overtime_hours, overtime_rate, allowances, other_deductions, effective_date,
       delay_buffer, approval_status, approved_at)
     select e.id, case s.country when 'US' then 'us-federal-2026' else 'bf-2026' end, s.country, 'salaried',
       'monthly', e.salary, 160, 0, 0, 1.5, '{}'::jsonb, 0,
       greatest(e.joining_date, (date_trunc('month', app.today()) - interval '3 months')::date), 2,
       'approved', app.now()
     from public.employees e join public.sites s on s.id = e.site_id
     where e.role <> 'kiosk' and e.status = 'active' and e.salary is not null`,
    `do $$
     declare
       site record;
       run_id uuid;
       first_day date := (date_trunc('month', app.today()) - interval '1 month')::date;
     begin
       for site in select id from public.sites order by name loop
         run_id := (public.generate_payroll_run(site.id, first_day, (first_day + interval '1 month - 1 day')::date)).id;
         perform public.process_payroll_run(run_id);
         perform public.mark_payroll_run_paid(run_id);
       end loop;
     end $$`,
    // Proposals for next month: three pending raises, one rejected.
    `with proposed as (
       select e.id, e.salary, s.country, row_number() over (order by e.last_name, e.first_name) as n
       from public.employees e join public.sites s on s.id = e.site_id
       where e.role = 'employee' and e.status = 'active' and e.salary is not null
     ), inserted as (
       insert into public.salary_structures (employee_id, rule_set, country, pay_basis, frequency, basic_salary,
         hours_worked, hourly_rate, overtime_hours, overtime_rate, allowances, other_deductions, effective_date,
         delay_buffer, approval_status, rejection_reason)
       select p.id, case p.country when 'US' then 'us-federal-2026' else 'bf-2026' end, p.country, 'salaried',
         'monthly', round(p.salary * 1.05), 160, 0, 0, 1.5, '{}'::jsonb, 0,
         (date_trunc('month', app.today()) + interval '1 month')::date, 2,
         case when p.n = 4 then 'rejected' else 'pending' end::public.approval_status,
         case when p.n = 4 then 'Budget for raises closed until next quarter' end
       from proposed p where p.n <= 4
       returning id
     ) select count(*) from inserted`,
  ];
}
