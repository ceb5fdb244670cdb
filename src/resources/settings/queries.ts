// Settings workflows through the database: reset, logs, backups, and the password change through auth.
import { supabase } from '../../data/client.ts';

export interface AuditEntry {
  id: number;
  created_at: string;
  actor_name: string | null;
  entity: string;
  entity_id: string;
  action: string;
  diff: Record<string, unknown>;
}

export async function loadAuditLog(kind: 'security' | 'system'): Promise<AuditEntry[]> {
  const { data, error } = await supabase().rpc('audit_log_entries', { p_kind: kind, p_limit: 200 });
  if (error) throw error;
  return data as AuditEntry[];
}

export async function resetSettings(): Promise<void> {
  const { error } = await supabase().rpc('reset_settings');
  if (error) throw error;
}

export async function backupNow(): Promise<void> {
  const { error } = await supabase().rpc('backup_now');
  if (error) throw error;
}

/**
 * Changes the signed-in person's password. The auth server checks the current one itself ('Require
 * current password when changing password'), so a stolen session alone cannot change it; its refusals
 * (wrong current password, too weak) come back as the error (see src/pages/account/auth-errors.ts).
 */
export async function changePassword(current: string, next: string): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password: next, current_password: current });
  if (error) throw error;
}
