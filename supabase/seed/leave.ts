// The demo's leave (issues 25 item 6 and 27): opening balances for the Chicago staff (HR's
// adjustments, as a transfer from a previous system would be), and a few requests in every state:
// approved in the past and next week, pending (one in the demo manager's team), rejected with a
// reason. Relative to the stack's day (app.today()), costed by the database's own rule
// (app.leave_cost). The people with a demo account (employee@demo.test...) have no requests, so
// the journeys start from their balances alone.
const PEOPLE = `(
  select e.id, s.country, row_number() over (partition by s.country, e.department_id order by e.last_name, e.first_name) as n,
    d.name as department
  from public.employees e
  join public.sites s on s.id = e.site_id
  left join public.departments d on d.id = e.department_id
  where e.role = 'employee' and e.status = 'active' and e.user_id is null
)`;

function request(where: string, type: string, from: string, to: string, status: string, reason: string | null): string {
  return `insert into public.leave_requests (employee_id, leave_type, start_date, end_date, amount, unit, status, note, decision_reason, decided_at)
select p.id, '${type}', ${from}, ${to},
  app.leave_cost(p.id, app.leave_policy(p.country, '${type}', ${from}), ${from}, ${to}, null),
  (app.leave_policy(p.country, '${type}', ${from})).unit, '${status}', null, ${reason === null ? 'null' : `'${reason}'`},
  ${status === 'pending' ? 'null' : 'app.now()'}
from ${PEOPLE} p where ${where}`;
}

export function leaveSeedSql(): string[] {
  const today = 'app.today()';
  return [
    `insert into public.leave_adjustments (employee_id, leave_type, day, amount, reason)
     select e.id, t.type, ${today}, t.amount, 'Opening balance carried over from the previous system'
     from public.employees e join public.sites s on s.id = e.site_id
     cross join (values ('annual', 16), ('sick', 24)) t (type, amount)
     where s.country = 'US' and e.role <> 'kiosk' and e.status = 'active'`,
    request(`p.country = 'BF' and p.n = 1`, 'annual', `${today} - 21`, `${today} - 17`, 'approved', null),
    request(`p.country = 'US' and p.n = 2`, 'annual', `${today} + 5`, `${today} + 6`, 'approved', null),
    request(`p.country = 'US' and p.department = 'Operations' and p.n = 1`, 'annual', `${today} + 12`, `${today} + 12`, 'pending', null),
    request(`p.country = 'BF' and p.n = 2`, 'family_event', `${today} + 8`, `${today} + 9`, 'pending', null),
    request(`p.country = 'BF' and p.n = 3`, 'unpaid', `${today} + 3`, `${today} + 4`, 'rejected', 'Inventaire de fin de mois'),
  ];
}
