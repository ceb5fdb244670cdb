// The scanner page's database access, with the signed-in person's session (same origin as the app,
// so the same stored session; the page never refreshes the token on its own, the app does).
// Templates reach this page only for a kiosk or an admin (kiosk_roster()); everyone else's duplicate
// check and own-finger check run on the server (fingerprint-enrol), which answers outcomes only.
import { createPassiveClient } from '../../../data/client.ts';
import {
  callEnrolFunction,
  type KioskVerifyAnswer,
  type StaffCheckAnswer,
  type VerifyAnswer,
} from '../../server/client.ts';

const ROSTER_PAGE = 1000;
/** Longest wait for a stored demo finger before growing it (~0.2 s, ~1 s on a cheap tablet). */
const DEMO_FINGER_WAIT_MS = 1500;

export interface RosterRow {
  id: string;
  name: string;
  /** The enrolled finger, or null for a person without one. */
  finger: string | null;
  /** Null for a person without a finger, and for every row of a caller who may not hold templates. */
  template: string | null;
  format: string | null;
}

export interface ScannerBackend {
  simulatorAllowed(): Promise<boolean>;
  roster(): Promise<{ rows: RosterRow[]; version: string } | null>;
  rosterVersion(): Promise<string | null>;
  /** The server's duplicate check of three impressions for this employee (null: being registered). */
  checkDuplicate(employeeId: string | null, templates: string[]): Promise<StaffCheckAnswer | null>;
  /** The server's comparison of one press with the signed-in person's own enrolment. */
  verifyOwnFinger(template: string): Promise<VerifyAnswer | null>;
  /** A verify site's kiosk: the server compares the press with the person of this number only. */
  kioskVerify(personalNumber: string, template: string): Promise<KioskVerifyAnswer | null>;
  /** The simulator's fingers linked to people (simulated_finger_seeds), by employee id. */
  simulatedSeeds(): Promise<Map<string, number>>;
  /** The stored demo finger of a seed (packed, deflated), or null: the engine then grows it. */
  demoFinger(seed: number): Promise<Uint8Array | null>;
}

const client = createPassiveClient;

/** Whether the simulator may be offered, before anyone signs in (the sign-up page's scanner). */
export async function anonymousSimulatorAllowed(): Promise<boolean> {
  const supabase = await client();
  const { data, error } = await supabase.rpc('scanner_simulator_enabled');
  return !error && data === true;
}

/** The backend for the signed-in session, or null when nobody is signed in. */
export async function connect(): Promise<ScannerBackend | null> {
  const supabase = await client();
  const { data } = await supabase.auth.getSession();
  if (!data.session) return null;
  return {
    async simulatorAllowed() {
      const { data: row } = await supabase
        .from('system_settings')
        .select('scanner_simulator')
        .eq('id', 'default')
        .maybeSingle();
      return Boolean((row as { scanner_simulator?: boolean } | null)?.scanner_simulator);
    },
    async roster() {
      type Row = {
        employee_id: string;
        name: string;
        finger: string | null;
        template: string | null;
        template_format: string | null;
      };
      const version = await supabase.rpc('kiosk_roster_version');
      // PostgREST answers at most 1,000 rows a request: read the roster in pages (stable order).
      const list: Row[] = [];
      for (let from = 0; ; from += ROSTER_PAGE) {
        const page = await supabase.rpc('kiosk_roster').range(from, from + ROSTER_PAGE - 1);
        if (page.error) throw new Error(page.error.message);
        const rows = (page.data ?? []) as Row[];
        list.push(...rows);
        if (rows.length < ROSTER_PAGE) break;
      }
      return {
        rows: list.map((r) => ({
          id: r.employee_id,
          name: r.name,
          finger: r.finger,
          template: r.template,
          format: r.template_format,
        })),
        version: String(version.data ?? ''),
      };
    },
    async rosterVersion() {
      const { data: version, error } = await supabase.rpc('kiosk_roster_version');
      return error ? null : String(version ?? '');
    },
    async simulatedSeeds() {
      const { data, error } = await supabase.rpc('simulated_finger_seeds');
      if (error || !Array.isArray(data)) return new Map();
      return new Map(
        (data as { employee_id: string; seed: number }[]).map((r) => [r.employee_id, Number(r.seed)]),
      );
    },
    async demoFinger(seed) {
      // A shortcut only: offline, or on a slow network, the engine grows the finger instead.
      if (globalThis.navigator?.onLine === false) return null;
      const { data, error } = await supabase
        .rpc('demo_finger', { p_seed: seed })
        .abortSignal(AbortSignal.timeout(DEMO_FINGER_WAIT_MS));
      if (error || typeof data !== 'string' || !data) return null;
      const text = atob(data);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return bytes;
    },
    checkDuplicate(employeeId, templates) {
      return callEnrolFunction<StaffCheckAnswer>(supabase, { action: 'check', employeeId, templates });
    },
    kioskVerify(personalNumber, template) {
      return callEnrolFunction<KioskVerifyAnswer>(supabase, {
        action: 'kiosk-verify',
        number: personalNumber,
        template,
      });
    },
    verifyOwnFinger(template) {
      return callEnrolFunction<VerifyAnswer>(supabase, { action: 'verify', template });
    },
  };
}
