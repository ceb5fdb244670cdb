-- The audit log names the department of a manager assignment (its entity_id is the department's id).
create or replace view public.audit_entries with (security_invoker = true) as
  select a.id, a.created_at, a.entity, a.entity_id, a.action, a.diff, a.actor_employee_id,
    coalesce(btrim(actor.first_name || ' ' || actor.last_name), '') as actor_name,
    case
      when a.entity = 'employees' then btrim(subject.first_name || ' ' || subject.last_name)
      when a.entity = 'department_managers' then dep.name
    end as subject_name
  from public.audit_logs a
  left join public.employees actor on actor.id = a.actor_employee_id
  left join public.employees subject on a.entity = 'employees' and subject.id::text = a.entity_id
  left join public.departments dep on a.entity = 'department_managers' and dep.id::text = a.entity_id;
