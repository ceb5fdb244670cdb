// Facts about a person's employment that every form shares (registration, edit, sign-up).

/** The kinds of employment, in the order the forms list them (the database's employment_type). */
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'intern'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
