// Deduction lines in the order of RULES.md (the database's jsonb keeps its own key order).
export const DEDUCTION_ORDER = [
  'social_security',
  'medicare',
  'additional_medicare',
  'federal_tax',
  'state_income_tax',
  'cnss',
  'amu',
  'iuts',
  'other',
];

export function orderedDeductions<T>(deductions: Record<string, T> | null | undefined): Array<[string, T]> {
  const rank = (name: string) => {
    const i = DEDUCTION_ORDER.indexOf(name);
    return i === -1 ? DEDUCTION_ORDER.length : i;
  };
  return Object.entries(deductions ?? {}).sort(([a], [b]) => rank(a) - rank(b));
}
