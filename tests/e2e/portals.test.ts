// The employee and manager portals as their people see them: figures equal to what the tables say
// (computed here independently), the manual check-in for oneself, a punch showing up in the team's
// activities without a reload, a notification sent by the manager arriving live and marked read.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  chooseOption,
  e2e,
  expectToast,
  pinBrowserClock,
  logIn,
  seeText,
  settledDialog,
  UI_TIMEOUT,
  visible,
} from './browser.ts';
import { dailyDb, RAW_DAY_SQL, type DailyDb } from './daily-db.ts';

const { test, stack, url } = e2e({ data: 'demo' });
let db: DailyDb;
beforeAll(() => {
  db = dailyDb(stack());
});
afterAll(() => db?.end());

const statText = async (page: Page, testId: string) =>
  (await visible(page.getByTestId(testId).locator('.ant-statistic-content'))).innerText();

describe('employee portal', () => {
  test("shows today's summary as the data has it, and checks oneself in by the manual box", async ({
    page,
  }) => {
    const me = await db.idOf('employee@demo.test');
    // A clean day: no record today, none open.
    await db.rows(
      `delete from public.attendances a using public.employees e join public.sites s on s.id = e.site_id
       where a.employee_id = e.id and e.id = $1 and (a.date = (app.now() at time zone s.time_zone)::date or a.check_out is null)`,
      [me],
    );
    await logIn(page, 'employee@demo.test', '/employee-portal');
    const truth = await db.one<{ hours_week: string; break_minutes: number }>(
      `select (select coalesce(sum(a.total_hours), 0) from public.attendances a
                where a.employee_id = e.id and a.date between (app.now() at time zone s.time_zone)::date - 6
                  and (app.now() at time zone s.time_zone)::date) as hours_week,
              coalesce((select sum(sh.break_duration)::int from public.shift_assignments sa join public.shifts sh on sh.id = sa.shift_id
                where sa.employee_id = e.id and to_char((app.now() at time zone s.time_zone)::date, 'Dy') = any (sh.days_of_week)),
                (select break_time * 60 from public.system_settings)) as break_minutes
       from public.employees e join public.sites s on s.id = e.site_id where e.id = $1`,
      [me],
    );
    await expect
      .poll(() => statText(page, 'portal-hours-week'), { timeout: UI_TIMEOUT })
      .toBe(`${Number(truth.hours_week).toFixed(2)}h`);
    expect(await statText(page, 'portal-break')).toBe(`${truth.break_minutes}min`);
    await visible(page.getByTestId('portal-summary').getByText('Absent', { exact: true }));
    const checkIn = page.getByRole('button', { name: 'Check In (Biometric)' });
    const checkOut = page.getByRole('button', { name: 'Check Out (Biometric)' });
    await expect.poll(() => checkIn.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await checkOut.isEnabled()).toBe(false);

    const box = page.getByLabel('Enter User ID', { exact: true });
    await page.getByRole('button', { name: 'Mark', exact: true }).click();
    await expectToast(page, 'Please enter a valid User ID');
    // Someone else's ID: the database refuses it, and the person is told why.
    await box.fill(await db.idOf('manager@demo.test'));
    await page.getByRole('button', { name: 'Mark', exact: true }).click();
    await expectToast(page, 'You can only check yourself in', 'This ID belongs to someone else.');
    // An ID that is nobody's, or not an ID at all, is not a valid User ID.
    await box.fill('00000000-0000-4000-8000-000000000000');
    await page.getByRole('button', { name: 'Mark', exact: true }).click();
    await expect
      .poll(() =>
        page.locator('.ant-notification-notice').filter({ hasText: 'Please enter a valid User ID' }).count(),
      )
      .toBe(2);
    expect(
      Number(
        (
          await db.one<{ n: string }>(
            'select count(*) as n from public.attendances where employee_id = $1 and check_out is null',
            [me],
          )
        ).n,
      ),
    ).toBe(0);
    await box.fill('employee@demo.test');
    await page.getByRole('button', { name: 'Mark', exact: true }).click();
    await expectToast(page, 'Manual Entry', 'Checked in manually');
    const record = await db.one<{ source: string; check_in: Date }>(
      'select source, check_in from public.attendances where employee_id = $1 and check_out is null',
      [me],
    );
    expect(record.source).toBe('manual');
    await expect.poll(() => checkIn.isEnabled(), { timeout: UI_TIMEOUT }).toBe(false);
    expect(await checkOut.isEnabled()).toBe(true);
    await visible(page.getByTestId('portal-summary').getByText('Present', { exact: true }));
    expect(await page.getByTestId('portal-check-in').innerText()).not.toBe('--:--');
  });

  test("Upcoming Shifts names the shift's days in the person's language", async ({ page }) => {
    const me = await db.idOf('employee@demo.test');
    const shift = await db.one<{ id: string }>(
      `insert into public.shifts (name, site_id, start_time, end_time, break_duration, days_of_week)
       select 'Weekday names', e.site_id, '22:00', '23:00', 0, array['Sat', 'Mon', 'Wed']
       from public.employees e where e.id = $1 returning id`,
      [me],
    );
    await db.rows('insert into public.shift_assignments (shift_id, employee_id) values ($1, $2)', [
      shift.id,
      me,
    ]);
    try {
      await logIn(page, 'employee@demo.test', '/employee-portal');
      const item = page
        .getByTestId('portal-shifts')
        .locator('.ant-list-item')
        .filter({ hasText: 'Weekday names' });
      await expect.poll(() => item.innerText(), { timeout: UI_TIMEOUT }).toContain('Mon, Wed, Sat');
      await page.getByTestId('language-switch').getByText('Français', { exact: true }).click();
      await expect.poll(() => item.innerText(), { timeout: UI_TIMEOUT }).toContain('lun., mer., sam.');
      await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
      await expect.poll(() => item.innerText(), { timeout: UI_TIMEOUT }).toContain('Mon, Wed, Sat');
    } finally {
      await db.rows('delete from public.shifts where id = $1', [shift.id]);
    }
  });

  // Up to seven presses, each compared on the server: minutes on a busy machine.
  test(
    'checks in and out with their own simulated finger; an unknown finger is not recognized',
    { timeout: 240_000 },
    async ({ page }) => {
      const me = await db.idOf('employee@demo.test');
      await db.rows(
        `delete from public.attendances a using public.employees e join public.sites s on s.id = e.site_id
       where a.employee_id = e.id and e.id = $1 and (a.date = (app.now() at time zone s.time_zone)::date or a.check_out is null)`,
        [me],
      );
      await db.enrol([me]);
      await logIn(page, 'employee@demo.test', '/employee-portal');
      const checkIn = page.getByRole('button', { name: 'Check In (Biometric)' });
      await expect.poll(() => checkIn.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);

      const press = async (button: string, choice: string) => {
        await page.getByRole('button', { name: button }).click();
        const modal = await visible(
          page.locator('.ant-modal-content').filter({ has: page.getByTestId('scanner-frame') }),
        );
        // The modal is 420 px wide once its opening animation is over.
        await expect
          .poll(async () => Math.round((await modal.boundingBox())?.width ?? 0), { timeout: UI_TIMEOUT })
          .toBe(420);
        const frame = page.frameLocator('[data-testid="scanner-frame"]');
        await frame.locator('#sim').selectOption(choice, { timeout: 60_000 });
        return frame;
      };
      // One press of one's own finger may fail, as on any reader: too poor to decide ('Press again, a
      // little flatter', the modal stays open) or not matched ('No Match', the modal closes). Then the
      // person presses again, at most three presses in all (bench:fingerprint measures the miss rate).
      const pressOwn = async (button: string, title: string, description: string) => {
        const toastOf = (heading: string, text: string) =>
          page
            .locator('.ant-notification-notice')
            .filter({ has: page.getByText(heading, { exact: true }) })
            .filter({ has: page.getByText(text, { exact: true }) })
            .first();
        const ok = toastOf(title, description);
        const noMatch = toastOf('No Match', 'Fingerprint not recognized');
        const outcomeOf = (frame: Awaited<ReturnType<typeof press>>) =>
          Promise.race(
            [
              ok.waitFor({ state: 'visible', timeout: UI_TIMEOUT }).then(() => 'done' as const),
              noMatch.waitFor({ state: 'visible', timeout: UI_TIMEOUT }).then(() => 'no-match' as const),
              frame
                .getByText('Press again, a little flatter', { exact: true })
                .waitFor({ state: 'visible', timeout: UI_TIMEOUT })
                .then(() => 'again' as const),
            ].map((p) => p.catch(() => 'timeout' as const)),
          );
        await noMatch.waitFor({ state: 'hidden', timeout: UI_TIMEOUT }); // an earlier press's toast
        let frame = await press(button, `person:${me}`);
        for (let attempt = 1; ; attempt++) {
          const outcome = await outcomeOf(frame);
          if (outcome === 'done') return;
          if (outcome === 'timeout') return void (await expectToast(page, title, description)); // its message
          if (attempt >= 3) throw new Error(`${button}: own finger not recognized in ${attempt} presses`);
          if (outcome === 'again') {
            await frame.locator('#sim').selectOption(`person:${me}`, { timeout: 60_000 });
            // The hint stays until the new press is decided.
            await frame
              .getByText('Press again, a little flatter', { exact: true })
              .waitFor({ state: 'hidden', timeout: UI_TIMEOUT })
              .catch(() => undefined);
          } else {
            await noMatch.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
            frame = await press(button, `person:${me}`);
          }
        }
      };
      await press('Check In (Biometric)', 'unknown');
      // The press is compared on the server (the portal holds no template); the stack's function
      // thread starts on this first comparison, which takes longer than the usual UI wait.
      await page
        .locator('.ant-notification-notice')
        .filter({ has: page.getByText('No Match', { exact: true }) })
        .filter({ has: page.getByText('Fingerprint not recognized', { exact: true }) })
        .first()
        .waitFor({ state: 'visible', timeout: 90_000 });
      expect(
        Number(
          (
            await db.one<{ n: string }>(
              'select count(*) as n from public.attendances where employee_id = $1 and check_out is null',
              [me],
            )
          ).n,
        ),
      ).toBe(0);

      await pressOwn('Check In (Biometric)', 'Checked In', 'Welcome Emily Brooks');
      const record = await db.one<{ source: string }>(
        'select source from public.attendances where employee_id = $1 and check_out is null',
        [me],
      );
      expect(record.source).toBe('fingerprint');
      await expect.poll(() => checkIn.isEnabled(), { timeout: UI_TIMEOUT }).toBe(false);

      await pressOwn('Check Out (Biometric)', 'Checked Out', 'Goodbye Emily Brooks');
      await expect
        .poll(() => page.getByRole('button', { name: 'Check Out (Biometric)' }).isEnabled(), {
          timeout: UI_TIMEOUT,
        })
        .toBe(false);
    },
  );
});

describe('manager portal', () => {
  test("shows the team's figures as the data has them, and a team punch without a reload", async ({
    page,
  }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    const manager = await db.idOf('manager@demo.test');
    const team = (
      await db.rows<{ id: string }>(
        `select e.id from public.employees e join public.department_managers dm on dm.department_id = e.department_id
         where dm.employee_id = $1`,
        [manager],
      )
    ).map((r) => r.id);
    const today = await db.one<{ total: number; present: number; late: number }>(RAW_DAY_SQL, [0, team]);
    await expect
      .poll(() => statText(page, 'team-members'), { timeout: UI_TIMEOUT })
      .toBe(String(today.total));
    expect(await statText(page, 'team-late')).toBe(String(today.late));
    expect(await page.getByTestId('team-present-count').innerText()).toBe(String(today.present));

    const member = await db.one<{ id: string; name: string }>(
      `select e.id, e.first_name || ' ' || e.last_name as name from public.employees e
       where e.id = any ($1) and e.id <> $2 and e.status = 'active'
         and not exists (select 1 from public.attendances a where a.employee_id = e.id and a.check_out is null)
       order by e.first_name limit 1`,
      [team, manager],
    );
    await visible(page.getByTestId('team-activities'));
    await db.one('select public.check_in($1, $2)', [member.id, 'manual']);
    const first = page.getByTestId('team-activities').getByTestId('activity-item').first();
    await expect.poll(() => first.innerText(), { timeout: UI_TIMEOUT }).toContain(member.name);
  });

  test('a notification sent by the manager arrives live at the employee, who marks it read', async ({
    page,
  }) => {
    const employee = await page
      .context()
      .browser()!
      .newContext({ baseURL: url(''), locale: 'en-US' });
    await pinBrowserClock(employee, stack());
    const employeePage = await employee.newPage();
    employeePage.setDefaultTimeout(UI_TIMEOUT);
    try {
      await logIn(employeePage, 'employee@demo.test', '/employee-portal');
      await visible(employeePage.getByTestId('notifications-card'));
      // The unread count once the list has loaded (the attribute is empty until then).
      const unread = employeePage.getByTestId('notifications-unread');
      await expect.poll(() => unread.getAttribute('data-count'), { timeout: UI_TIMEOUT }).not.toBe('');
      const before = Number(await unread.getAttribute('data-count'));

      await logIn(page, 'manager@demo.test', '/manager-portal');
      await page.getByRole('button', { name: 'Notifications' }).click();
      const dialog = await visible(page.getByRole('dialog'));
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'Choose who receives it, and enter a title and a message');
      await chooseOption(
        page,
        dialog.getByRole('combobox', { name: 'Team member' }),
        'Emily Brooks',
        'Emily',
      );
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Safety');
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Safety briefing at 2 pm');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'Notification sent to 1 person');

      const item = await visible(
        employeePage.getByTestId('notification-item').filter({ hasText: 'Safety briefing at 2 pm' }),
      );
      await visible(item.getByText('New', { exact: true }));
      // Its title and who sent it.
      await visible(item.getByText('Safety', { exact: true }));
      await visible(item.getByTestId('notification-sender'));
      await expect
        .poll(() => employeePage.getByTestId('notifications-unread').getAttribute('data-count'), {
          timeout: UI_TIMEOUT,
        })
        .toBe(String(before + 1));
      await item.getByRole('button', { name: 'Mark read' }).click();
      await expect
        .poll(
          async () =>
            (
              await db.one<{ read: boolean }>(
                `select read from public.notifications where message = 'Safety briefing at 2 pm'`,
              )
            ).read,
          { timeout: UI_TIMEOUT },
        )
        .toBe(true);
      await expect
        .poll(() => item.getByText('New', { exact: true }).count(), { timeout: UI_TIMEOUT })
        .toBe(0);
    } finally {
      await employee.close();
    }
  });

  test('the dialogs: missing data refused, a salary proposal created pending for the team', async ({
    page,
  }) => {
    await logIn(page, 'manager@demo.test', '/manager-portal');
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const employeeDialog = await settledDialog(page);
    await employeeDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Missing data', 'Please fill all required fields.');
    // The same fields and RPC as the back office's registration: at the manager's site, as an employee.
    const email = `team.${Date.now()}@demo.test`;
    for (const [label, value] of [
      ['First Name', 'Aïcha'],
      ['Last Name', 'Kaboré'],
      ['Email', email],
      ['Phone', '+226 70 11 22 33'],
      ['Position', 'Packer'],
    ] as const)
      await employeeDialog.getByLabel(label, { exact: true }).fill(value);
    await employeeDialog.getByText('I agree to the terms and conditions').click();
    await employeeDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Employee created');
    const added = await db.one<{ role: string; same_site: boolean }>(
      `select e.role, e.site_id = m.site_id as same_site from public.employees e, public.employees m
       where e.email = $1 and m.email = 'manager@demo.test'`,
      [email],
    );
    expect(added).toEqual({ role: 'employee', same_site: true });

    // The manager proposes with the back office's salary form (its proposing mode).
    await page.getByRole('button', { name: 'Add Salary' }).click();
    const dialog = await settledDialog(page, 'Create Salary Structure');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Please select at least one employee', { exact: true }));
    await chooseOption(
      page,
      dialog.getByRole('combobox', { name: 'Assign employees' }),
      'Emily Brooks',
      'Emily',
    );
    await dialog.getByRole('spinbutton', { name: 'Basic salary' }).fill('3000');
    await dialog.getByRole('spinbutton', { name: 'House rent' }).fill('200');
    // The preview is the database's computation (preview_pay).
    await visible(dialog.getByTestId('preview-gross').getByText('$3,200.00', { exact: false }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Salary structure created');
    const row = await db.one<{ approval_status: string; basic_salary: string }>(
      `select s.approval_status, s.basic_salary from public.salary_structures s join public.employees e on e.id = s.employee_id
       where e.email = 'employee@demo.test' order by s.created_at desc limit 1`,
    );
    expect(row).toEqual({ approval_status: 'pending', basic_salary: '3000.00' });
    await visible(page.getByTestId('team-payroll').getByText('Emily Brooks', { exact: true }));

    // Their own pending proposal: edited in the same form, then withdrawn.
    const mine = page.getByTestId('team-payroll-row').filter({ hasText: 'Emily Brooks' }).first();
    await (await visible(mine.getByRole('button', { name: 'Edit' }))).click();
    const amend = await settledDialog(page, 'Edit Salary Proposal');
    await amend.getByRole('spinbutton', { name: 'Basic salary' }).fill('3100');
    await visible(amend.getByTestId('preview-gross').getByText('$3,300.00', { exact: false }));
    await amend.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Salary structure updated');
    const proposal = await db.one<{ id: string; basic_salary: string }>(
      `select s.id, s.basic_salary from public.salary_structures s join public.employees e on e.id = s.employee_id
       where e.email = 'employee@demo.test' order by s.created_at desc limit 1`,
    );
    expect(proposal.basic_salary).toBe('3100.00');
    await (await visible(mine.getByRole('button', { name: 'Withdraw' }))).click();
    await (
      await visible(page.locator('.ant-modal-confirm').getByRole('button', { name: 'Withdraw' }))
    ).click();
    await expectToast(page, 'Proposal withdrawn');
    await expect
      .poll(
        async () =>
          (
            await db.one<{ n: string }>(`select count(*) as n from public.salary_structures where id = $1`, [
              proposal.id,
            ])
          ).n,
        {
          timeout: UI_TIMEOUT,
        },
      )
      .toBe('0');
  });

  test('the refused roles: an admin is told the employee portal is not theirs', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/employee-portal');
    await seeText(page, 'Access Denied');
  });
});
