-- A deactivated account is banned for 100 years (GoTrue's own "none" duration), not 'infinity':
-- an infinite timestamp does not survive the trip to JavaScript dates in the auth service.
create or replace function app.sync_account_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.user_id is null then
    return null;
  end if;
  if new.status = 'active' then
    update auth.users set banned_until = null where id = new.user_id;
  else
    update auth.users set banned_until = now() + interval '100 years' where id = new.user_id;
    delete from auth.sessions where user_id = new.user_id;
  end if;
  return null;
end
$$;
