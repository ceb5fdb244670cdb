// The settings form's integer fields: parsed as whole numbers and range-checked like the
// database's constraints (system_settings check constraints).
export interface SystemSettings {
  id: 'default';
  company_name: string;
  working_hours: number;
  break_time: number;
  late_threshold: number;
  notifications: boolean;
  biometric_auth: boolean;
  auto_backup: boolean;
  email_reports: boolean;
  sms_notifications: boolean;
  scanner_simulator: boolean;
  /** Longest attendance record, in hours (punches, manual entries and corrections beyond it are refused). */
  max_attendance_hours: number;
  /** A kiosk press repeating the person's last punch within this many seconds is 'already recorded'. */
  repeat_press_seconds: number;
  updated_at: string;
  updated_by: string | null;
}

export const INTEGER_FIELDS = {
  working_hours: { min: 1, max: 24 },
  break_time: { min: 0, max: 12 },
  late_threshold: { min: 0, max: 240 },
  max_attendance_hours: { min: 1, max: 72 },
  repeat_press_seconds: { min: 10, max: 600 },
} as const;
export type IntegerField = keyof typeof INTEGER_FIELDS;

/** A whole number within the field's range, or null (text like '8.5', '9h' or '' is refused). */
export function parseInteger(field: IntegerField, value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (!/^-?\d+$/.test(text)) return null;
  const n = Number.parseInt(text, 10);
  const { min, max } = INTEGER_FIELDS[field];
  return n >= min && n <= max ? n : null;
}

export const SWITCHES = [
  'notifications',
  'email_reports',
  'sms_notifications',
  'biometric_auth',
  'auto_backup',
  'scanner_simulator',
] as const;

export type SettingsValues = Pick<SystemSettings, 'company_name' | (typeof SWITCHES)[number]> &
  Record<IntegerField, string | number>;

/** The form's values as the row's columns (integers parsed). */
export function toRow(values: SettingsValues): Omit<SystemSettings, 'id' | 'updated_at' | 'updated_by'> {
  const int = (f: IntegerField) => {
    const n = parseInteger(f, values[f]);
    if (n === null) throw new Error(`${f} is out of range`);
    return n;
  };
  return {
    company_name: values.company_name.trim(),
    working_hours: int('working_hours'),
    break_time: int('break_time'),
    late_threshold: int('late_threshold'),
    max_attendance_hours: int('max_attendance_hours'),
    repeat_press_seconds: int('repeat_press_seconds'),
    notifications: values.notifications,
    email_reports: values.email_reports,
    sms_notifications: values.sms_notifications,
    biometric_auth: values.biometric_auth,
    auto_backup: values.auto_backup,
    scanner_simulator: values.scanner_simulator,
  };
}
