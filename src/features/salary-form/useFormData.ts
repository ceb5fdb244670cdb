// What the salary form reads while a person fills it in: the employees it may be for, the rule sets
// the database holds, the first selected employee's pay profile and year to date, and the preview
// the database computes from all of it.
import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import {
  useEmployeeOptions,
  usePayContext,
  usePayPreview,
  useRuleSetNames,
  type EmployeeOption,
} from './data.ts';
import {
  fieldsOf,
  previewInput,
  profileFromValues,
  profileValuesOf,
  type ProfileValues,
  type Values,
} from './salaryForm.ts';

export function useFormData(
  form: FormInstance<Values>,
  values: Values | undefined,
  profileValues: ProfileValues | undefined,
  options: { employees?: EmployeeOption[]; mayEditProfile: boolean },
) {
  const loaded = useEmployeeOptions(!options.employees);
  const employees = options.employees ?? loaded.data ?? [];
  const ruleSets = useRuleSetNames().data;

  const firstEmployee = values?.employee_ids?.[0];
  const periodDate = values?.effective_date?.format('YYYY-MM-DD');
  const contextQuery = usePayContext(firstEmployee, periodDate);
  const context = firstEmployee && periodDate && !contextQuery.isError ? (contextQuery.data ?? null) : null;

  // A newly selected employee brings their stored profile; a new date keeps the edits.
  const profileLoadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!context || !firstEmployee || profileLoadedFor.current === firstEmployee) return;
    profileLoadedFor.current = firstEmployee;
    form.setFieldsValue({ profile: profileValuesOf(context) });
  }, [context, firstEmployee, form]);

  const many = (values?.employee_ids?.length ?? 0) > 1;
  const profileEditable = options.mayEditProfile && !many && context !== null && profileValues !== undefined;

  let input = null;
  if (values?.effective_date && values.rule_set) {
    const profile = profileEditable && profileValues ? profileFromValues(profileValues) : undefined;
    try {
      input = previewInput(fieldsOf(values), context, profile);
    } catch {
      input = null; // a half-typed form: no preview yet
    }
  }
  const preview = usePayPreview(input);

  return {
    employees,
    employeesFailed: loaded.isError,
    ruleSets,
    context,
    firstEmployee,
    many,
    profileEditable,
    preview: input && !preview.isError ? (preview.data ?? null) : null,
  };
}
