-- The demo's fingers, kept. Each demo employee's enrolled finger is a synthetic finger grown from a
-- seed (src/fingerprint/synth/demo-finger.ts); growing one takes a third of a second of filtering,
-- which the scanner's simulator paid again on every press (×4 on a cheap tablet). The seed stores
-- each finger once here, and the simulator fetches it and only renders a new impression.
--
-- Keyed by the finger's seed, not by employee: a synthetic finger says nothing about a person. Read
-- only through demo_finger(), only by a signed-in user, and only while the simulator is allowed
-- (with it anyone at a kiosk may press anyone's demo finger anyway). A system started with
-- SEED=none has no rows: the simulator then grows fingers as before.
create table if not exists public.demo_fingers (
  seed bigint primary key check (seed between 0 and 4294967295),
  -- The packed 8-bit ridge field, raw-deflated (about 45 KB).
  ridges bytea not null check (octet_length(ridges) between 12 and 400000),
  created_at timestamptz not null default now()
);
alter table public.demo_fingers enable row level security;
-- No policy: nobody reads or writes the table directly; the seed writes as the database owner.
revoke all on public.demo_fingers from anon, authenticated;

create or replace function public.demo_finger(p_seed bigint)
returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to use the scanner simulator.' using errcode = '42501';
  end if;
  if not public.scanner_simulator_enabled() then
    raise exception 'The scanner simulator is turned off in Settings.' using errcode = '42501';
  end if;
  -- Base64: a third smaller on the wire than PostgREST's hex for bytea.
  return (select translate(encode(d.ridges, 'base64'), E'\n', '') from public.demo_fingers d where d.seed = p_seed);
end
$$;
revoke execute on function public.demo_finger(bigint) from public, anon;
grant execute on function public.demo_finger(bigint) to authenticated, service_role;

-- The company export leaves the ridge fields out, as it leaves out fingerprint templates: they are
-- demo material, not company data (about 45 KB each).
create or replace function public.export_company_data() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  tbl text;
  rows jsonb;
  result jsonb := '{}'::jsonb;
begin
  if not (app.is_trusted() or app.has_role('admin')) then
    perform app.forbid('Only an admin can export the company''s data');
  end if;
  perform app.write_audit('export', 'all', 'export', '{}'::jsonb);
  for tbl in
    select c.relname from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname
  loop
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t) - array[''template'', ''encrypted_password'', ''ridges'']), ''[]''::jsonb) from public.%I t',
      tbl) into rows;
    result := result || jsonb_build_object(tbl, rows);
  end loop;
  return result;
end
$$;
