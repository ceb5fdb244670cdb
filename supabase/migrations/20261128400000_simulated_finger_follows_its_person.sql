-- Issue 25 item 6 / issue 26: the finger the scanner's simulator enrolled for a person is the finger it
-- presses for them from then on. A person who exists is pressed with fingerSeed(id) at registration
-- and at the kiosk alike; a person registered before they exist (sign-up, the back office's new
-- employee form) is enrolled with a fresh seed, which the host links to the person once they are
-- stored. The scanner page asks these links (simulated_finger_seeds) and decides a person's simulated
-- finger in one function (src/fingerprint/synth/demo.ts simulatedFingerSeed). Demo systems only:
-- both functions refuse while system_settings.scanner_simulator is off.

create table public.simulated_fingers (
  employee_id uuid primary key references public.employees (id) on delete cascade,
  seed bigint not null check (seed >= 0 and seed <= 4294967295),
  linked_at timestamptz not null default app.now()
);
alter table public.simulated_fingers enable row level security;
-- No policy for authenticated: read and written only through the functions below.
create policy session_assured on public.simulated_fingers as restrictive for all to authenticated
  using ((select app.session_assured())) with check ((select app.session_assured()));
revoke all on table public.simulated_fingers from anon, authenticated;
grant all on table public.simulated_fingers to service_role;

create function public.link_simulated_finger(p_seed bigint, p_employee_id uuid default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  target public.employees;
begin
  if not public.scanner_simulator_enabled() then
    perform app.forbid('scanner.simulator_off');
  end if;
  if p_seed is null or p_seed < 0 or p_seed > 4294967295 then
    perform app.refuse('biometric.invalid_seed');
  end if;
  -- Null: the signed-in person themselves (sign-up links the finger it just enrolled).
  select * into target from public.employees where id = coalesce(p_employee_id, app.my_employee_id());
  if not found then
    perform app.refuse('employee.not_found');
  end if;
  if not (app.is_trusted() or app.has_role('admin', 'hr') or app.manages_employee(target.id)
    or target.id = app.my_employee_id()) then
    perform app.forbid('fingerprint.enrol_denied');
  end if;
  -- Only a person whose finger is stored: the link names the finger that was enrolled.
  if not exists (select 1 from public.biometric_enrolments b where b.employee_id = target.id) then
    perform app.refuse('fingerprint.not_enrolled');
  end if;
  insert into public.simulated_fingers (employee_id, seed) values (target.id, p_seed)
  on conflict (employee_id) do update set seed = excluded.seed, linked_at = app.now();
end
$$;
revoke all on function public.link_simulated_finger(bigint, uuid) from public;
grant execute on function public.link_simulated_finger(bigint, uuid) to authenticated, service_role;

-- The links the caller's scanner may press: the people its roster names (kiosk_roster's rule).
create function public.simulated_finger_seeds()
returns table (employee_id uuid, seed bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null or not public.scanner_simulator_enabled() then
    return;
  end if;
  return query
    select f.employee_id, f.seed from public.simulated_fingers f
    join public.employees e on e.id = f.employee_id
    where app.my_role() = 'admin'
      or (app.my_role() in ('kiosk', 'hr', 'manager') and e.site_id = app.my_site_id())
      or e.id = app.my_employee_id();
end
$$;
revoke all on function public.simulated_finger_seeds() from public;
grant execute on function public.simulated_finger_seeds() to authenticated, service_role;
