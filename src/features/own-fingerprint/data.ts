// The signed-in person enrols their own finger: the fingerprint-enrol endpoint searches for
// duplicates on the server and stores the templates.
import { supabase } from '../../data/client.ts';
import { rpc } from '../../data/rpc.ts';
import type { EnrolStatus } from '../../fingerprint/server/enrol-endpoint.ts';
import { callEnrolFunction, type EnrolAnswer } from '../../fingerprint/server/client.ts';
import type { CapturedFinger } from './capture.ts';

/** Asks the endpoint to enrol the signed-in person's finger; never throws. */
export async function enrolOwnFinger(capture: CapturedFinger): Promise<EnrolStatus> {
  const answer = await callEnrolFunction<EnrolAnswer>(supabase(), {
    finger: capture.finger,
    templates: capture.templates,
    consentVersion: capture.consentVersion,
  });
  const status = answer?.status ?? 'unavailable';
  // The simulator's finger follows the person: the kiosk's simulator presses it for them from now on.
  if (status === 'enrolled' && capture.simulatorSeed !== undefined)
    await rpc('link_simulated_finger', { p_seed: capture.simulatorSeed }).catch(() => undefined);
  return status;
}
