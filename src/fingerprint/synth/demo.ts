// The demo fingers: each demo employee's enrolled right index finger is a synthetic finger seeded
// by the employee's id (supabase/seed/fingerprints.ts), so the scanner's simulator can press
// "the same finger" again: a new impression of the same master.

/** Impressions 0 to 5 may be enrolled (three of them, as a person enrols); a press is a later one. */
export const DEMO_ENROLMENT_IMPRESSIONS = 6;

/** The synthetic finger's seed for an employee id (stable across runs). */
export function fingerSeed(employeeId: string): number {
  let hash = 2166136261;
  for (const char of employeeId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/**
 * The finger the scanner's simulator presses for a person, at registration and at the kiosk alike:
 * the seed linked to them when the simulator enrolled them before they existed (sign-up, a new
 * employee: public.simulated_finger_seeds), else the seed of their id (demo data, registration of
 * someone who exists).
 */
export function simulatedFingerSeed(personId: string, linked?: ReadonlyMap<string, number>): number {
  return linked?.get(personId) ?? fingerSeed(personId);
}
