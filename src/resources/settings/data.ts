// Settings' workflows through the database: reset, logs, backups, the company export and the payroll
// rule sets' versions (the settings row, sites and holidays go through Refine's data provider).
import type { Json } from '../../data/database.types.ts';
import { rpc, run, type RpcResult } from '../../data/rpc.ts';
import { supabase } from '../../data/client.ts';

export type AuditEntry = RpcResult<'audit_log_entries'>[number];

export const loadAuditLog = (kind: 'security' | 'system') =>
  rpc('audit_log_entries', { p_kind: kind, p_limit: 200 });

export const resetSettings = () => rpc('reset_settings');

export const backupNow = () => rpc('backup_now');

export const restoreBackup = (id: number) => rpc('restore_backup', { p_backup_id: id });

/** Every table of the company (export_company_data(), admin only, without fingerprint templates). */
export const companyData = async () =>
  (await rpc('export_company_data')) as Record<string, Record<string, unknown>[]>;

/** Corrects a version's parameters in place (the database keeps their shape and audits the change). */
export const updateRuleSetParams = (ruleSet: string, effectiveFrom: string, params: Json) =>
  run(
    supabase()
      .from('payroll_rule_sets')
      .update({ params: params ?? {} })
      .eq('rule_set', ruleSet)
      .eq('effective_from', effectiveFrom),
  );

/** A new dated version of a rule set. */
export const addRuleSetVersion = (ruleSet: string, effectiveFrom: string, params: Json) =>
  rpc('add_rule_set_version', { p_rule_set: ruleSet, p_effective_from: effectiveFrom, p_params: params });

/** Withdraws a scheduled version. */
export const deleteRuleSetVersion = (ruleSet: string, effectiveFrom: string) =>
  rpc('delete_rule_set_version', { p_rule_set: ruleSet, p_effective_from: effectiveFrom });
