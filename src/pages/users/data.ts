// Users management's reads and actions: every one a security-definer RPC that checks the caller,
// writes the audit log and refuses what the role may not do (see the people migration).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../data/client.ts';
import { rpc, type RpcResult } from '../../data/rpc.ts';
import { toDbError } from '../../data/errors.ts';
import type { Role } from '../../domain/access/roles.ts';

export type AccountStatus = 'active' | 'inactive' | 'invited';

/** list_accounts()'s row, with the nullable columns the generated types cannot see. */
export interface AccountRow {
  employee_id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: Role;
  status: AccountStatus;
  department: string | null;
  job_position: string | null;
  site: string | null;
  joining_date: string | null;
  last_sign_in_at: string | null;
  invited_at: string | null;
  total: number;
}

export interface AccountFilters {
  search: string;
  role: string;
  status: string;
  page: number;
  pageSize: number;
}

export type AccountCounters = RpcResult<'account_counters'>[number];

const KEY = ['accounts'] as const;

export function useAccounts(filters: AccountFilters) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    placeholderData: (previous) => previous,
    queryFn: async () =>
      (await rpc('list_accounts', {
        p_search: filters.search || undefined,
        p_role: filters.role,
        p_status: filters.status,
        p_limit: filters.pageSize,
        p_offset: (filters.page - 1) * filters.pageSize,
      })) as AccountRow[],
  });
}

export function useAccountCounters() {
  return useQuery({
    queryKey: [...KEY, 'counters'],
    queryFn: async (): Promise<AccountCounters> =>
      (await rpc('account_counters'))[0] ?? {
        total: 0,
        active: 0,
        admins: 0,
        inactive: 0,
        invited: 0,
      },
  });
}

export function useRefreshAccounts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export const setAccountActive = (id: string, active: boolean) =>
  rpc('set_account_active', { p_employee_id: id, p_active: active });

export const changeRole = (id: string, role: Role) => rpc('change_role', { p_employee_id: id, p_role: role });

/** Records the request (audited), then the auth service sends the link (locally: the server log). */
export async function sendPasswordReset(id: string): Promise<string> {
  const email = await rpc('request_password_reset', { p_employee_id: id });
  const { error } = await supabase().auth.resetPasswordForEmail(email, {
    // The link opens the 'Set a new password' screen (src/pages/reset-password).
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw toDbError(error);
  return email;
}

export const deleteAccount = (id: string) => rpc('delete_account', { p_employee_id: id });

export const decideRoleRequest = (id: string, approve: boolean) =>
  rpc('decide_role_request', { p_request_id: id, p_approve: approve });

export const createKioskAccount = (siteId: string, email: string, name: string) =>
  rpc('create_kiosk_account', {
    p_site_id: siteId,
    p_email: email,
    p_name: name,
  });

/** The spec's role badge colours (admin red, hr blue, manager purple, employee green); kiosk devices gold. */
export const ROLE_COLOURS: Record<Role, string> = {
  admin: 'red',
  hr: 'blue',
  manager: 'purple',
  employee: 'green',
  kiosk: 'gold',
};
