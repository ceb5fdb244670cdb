-- Two-factor step-up for the actions that move money or power (issue 28): once a person has a
-- verified factor, those actions need a session verified with it (`aal2`), as Supabase's MFA
-- guide does it with `auth.jwt()->>'aal'`. Each sensitive RPC calls app.require_aal2() first.
-- The refusal carries the hint 'mfa_required', which the client answers by asking for the code.

create function app.has_verified_factor() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
  )
$$;

create function app.require_aal2() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  -- Trusted server code (service role, migrations) has no second factor to give.
  if auth.uid() is null then
    return;
  end if;
  if app.has_verified_factor() and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception using errcode = '42501',
      message = 'Confirm this action with your two-factor code',
      hint = 'mfa_required';
  end if;
end
$$;

revoke execute on function app.has_verified_factor(), app.require_aal2() from public;
grant execute on function app.has_verified_factor(), app.require_aal2() to anon, authenticated, service_role;
