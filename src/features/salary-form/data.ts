// The salary form's data: the employees it may be for, the rule sets the database holds, an
// employee's pay profile and year to date, the pay preview (computed by the database, the one
// authority on pay) and the writes. Failures are DbErrors.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Database } from '../../data/database.types.ts';
import { supabase } from '../../data/client.ts';
import { rpc, run } from '../../data/rpc.ts';
import type {
  Allowances,
  Country,
  PayInput,
  PayOutput,
  Profile,
  RuleSetName,
  Ytd,
} from '../../domain/payroll/index.ts';

type Row = Database['public']['Tables']['salary_structures']['Row'];

/**
 * A structure as the table holds it. Its jsonb columns have the shapes payroll.compute_pay writes
 * (allowances by name, the computation and its deductions), and rule_set is one of the rule sets the
 * table's check constraint allows.
 */
export type SalaryStructure = Omit<Row, 'rule_set' | 'allowances' | 'computation' | 'deductions'> & {
  rule_set: RuleSetName;
  allowances: Allowances;
  computation: Partial<PayOutput>;
  deductions: Record<string, string>;
};

export const salaryFormKeys = {
  payContext: (employeeId: string, date: string) => ['salary', 'pay-context', employeeId, date] as const,
  preview: (input: PayInput | null) => ['salary', 'preview', input] as const,
  ruleSets: ['salary', 'rule-sets'] as const,
  employees: ['salary', 'employees'] as const,
};

// The employees a structure may be created for ---------------------------------------------------

export interface EmployeeOption {
  id: string;
  first_name: string;
  last_name: string;
  sites: { country: Country } | null;
}

/** Active people (kiosk accounts aside) the reader may see (RLS: a manager sees their team). */
export const fetchEmployeeOptions = async (): Promise<EmployeeOption[]> =>
  (await run(
    supabase()
      .from('employees')
      .select('id, first_name, last_name, sites(country)')
      .eq('status', 'active')
      .neq('role', 'kiosk')
      .order('first_name'),
  )) ?? [];

export const useEmployeeOptions = (enabled = true) =>
  useQuery({ queryKey: salaryFormKeys.employees, queryFn: fetchEmployeeOptions, enabled });

// The rule sets the database holds (the form offers those) --------------------------------------

export async function fetchRuleSetNames(): Promise<RuleSetName[]> {
  const rows = await run(supabase().from('payroll_rule_sets').select('rule_set').order('rule_set'));
  return [...new Set((rows ?? []).map((r) => r.rule_set as RuleSetName))];
}

export const useRuleSetNames = () =>
  useQuery({ queryKey: salaryFormKeys.ruleSets, queryFn: fetchRuleSetNames });

// An employee's pay profile and year to date, for the preview -----------------------------------

export interface PayContext {
  profile: Profile & Record<string, unknown>;
  ytd: { ss_wages: number; medicare_wages: number };
  site_country: Country | null;
  /** The US state of the employee's site ('IL'), which picks its state withholding. */
  site_state: string | null;
}

export const fetchPayContext = async (employeeId: string, date: string): Promise<PayContext> =>
  // jsonb: salary_pay_context's shape, written out above.
  (await rpc('salary_pay_context', { p_employee_id: employeeId, p_date: date })) as unknown as PayContext;

export function usePayContext(employeeId: string | undefined, date: string | undefined) {
  return useQuery({
    queryKey: salaryFormKeys.payContext(employeeId ?? '', date ?? ''),
    queryFn: () => fetchPayContext(employeeId!, date!),
    enabled: Boolean(employeeId && date),
  });
}

export const ytdOf = (context: PayContext | null | undefined): Ytd => ({
  ss_wages: String(context?.ytd.ss_wages ?? 0),
  medicare_wages: String(context?.ytd.medicare_wages ?? 0),
});

// The pay preview: the database's own computation (preview_pay), as the structure will be saved --

export const fetchPayPreview = async (input: PayInput): Promise<PayOutput> =>
  (await rpc('preview_pay', { p_input: input as never })) as unknown as PayOutput;

/** The preview of `input`, computed by the database a moment after the last keystroke. */
export function usePayPreview(input: PayInput | null) {
  const [settled, setSettled] = useState(input);
  const key = JSON.stringify(input);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(input), 150);
    return () => clearTimeout(timer);
    // Keyed by the input's content, not its identity (a new object each render).
  }, [key]);
  return useQuery({
    queryKey: salaryFormKeys.preview(settled),
    queryFn: () => fetchPayPreview(settled!),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A structure's fields as the RPCs take them (decimal strings, never floats). */
export type SalaryFields = Record<string, unknown>;

const asStructure = (row: unknown) => row as SalaryStructure;

const createStructures = async (employeeIds: string[], fields: SalaryFields) =>
  (await rpc('create_salary_structures', { p_employee_ids: employeeIds, p_fields: fields as never })).map(
    asStructure,
  );

/** A pending structure's fields (RLS: admin, or HR while pending); the database recomputes the figures. */
const updateStructure = async (id: string, fields: SalaryFields) =>
  asStructure(
    await run(
      supabase()
        .from('salary_structures')
        .update(fields as Database['public']['Tables']['salary_structures']['Update'])
        .eq('id', id)
        .select()
        .single(),
    ),
  );

/** How the form saves, by its mode: a new structure (or proposal), a pending one's new terms, a new version. */
export type SaveStructure =
  | { kind: 'create'; employeeIds: string[]; fields: SalaryFields }
  | { kind: 'edit' | 'amend' | 'revise'; id: string; fields: SalaryFields };

async function saveStructure(save: SaveStructure): Promise<SalaryStructure[]> {
  switch (save.kind) {
    case 'create':
      return createStructures(save.employeeIds, save.fields);
    case 'edit':
      return [await updateStructure(save.id, save.fields)];
    case 'amend':
      // The author's own pending proposal (update_salary_proposal refuses anyone else's, or a decided one).
      return [
        asStructure(await rpc('update_salary_proposal', { p_id: save.id, p_fields: save.fields as never })),
      ];
    case 'revise':
      return [
        asStructure(await rpc('revise_salary_structure', { p_id: save.id, p_fields: save.fields as never })),
      ];
  }
}

export const useSaveStructure = () => useMutation({ mutationFn: saveStructure });

/** Saves the changed fields of an employee's pay profile (HR and admins; validated and audited in SQL). */
export const useSavePayProfile = () =>
  useMutation({
    mutationFn: ({ employeeId, profile }: { employeeId: string; profile: Record<string, unknown> }) =>
      rpc('save_pay_profile', { p_employee_id: employeeId, p_profile: profile as never }),
  });
