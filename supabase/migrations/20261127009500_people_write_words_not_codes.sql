-- A notification with a code is the database's own (app.notify, answer_role_request): it renders in
-- the reader's language exactly as a real salary approval or role change would. People who may send
-- notifications (admin, HR, a manager to their team) write a title and a message; a code from them
-- would let them announce a decision that never happened. The check runs with the inserting role
-- (security invoker): a direct insert through the API is 'authenticated', the database's own
-- functions run as their owner.
create function app.guard_notification_code() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if new.code is not null and current_user in ('anon', 'authenticated') then
    perform app.forbid('notification.system_code_only');
  end if;
  return new;
end
$$;
revoke execute on function app.guard_notification_code() from public, anon, authenticated, service_role;

create trigger notifications_code before insert or update of code, params on public.notifications
  for each row execute function app.guard_notification_code();
