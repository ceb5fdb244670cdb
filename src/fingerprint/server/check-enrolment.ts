// The pure decision on an enrolment's three impressions, shared by the endpoint's self-enrolment and
// staff duplicate check.
import { enrol } from '../enrol/enrol.ts';
import type { Gallery } from '../identify/gallery.ts';
import { FingerprintError } from '../messages.ts';
import { templateFromBase64 } from '../template/binary.ts';
import { storedEnrolmentTemplate } from '../template/stored.ts';

/**
 * The pure decision on the three impressions (base64 `pointage-v1`): they must match each other and
 * none may be someone else's finger; then what to store (all three as one set, best first, as sent).
 * Throws a FingerprintError('corrupt-template') for an unreadable impression.
 */
export async function checkEnrolment(
  base64Templates: readonly string[],
  gallery: Gallery,
  /** The person enrolling: their own enrolled fingers are not duplicates. */
  personId?: string,
): Promise<
  | { status: 'ok'; template: string; format: string; quality: number }
  | { status: 'duplicate'; of: string }
  | { status: 'inconsistent' }
> {
  const impressions = base64Templates.map(templateFromBase64);
  try {
    const done = await enrol(impressions, {
      identify: (probe) => gallery.identify(probe),
      ...(personId ? { personId } : {}),
    });
    const stored = storedEnrolmentTemplate(
      done.templates.map((t) => base64Templates[impressions.indexOf(t)]!),
    );
    return { status: 'ok', ...stored, quality: done.quality };
  } catch (error) {
    if (error instanceof FingerprintError && error.code === 'duplicate-finger')
      return { status: 'duplicate', of: (error.detail ?? '').replace(/^matches /, '') };
    if (error instanceof FingerprintError && error.code === 'inconsistent-impressions')
      return { status: 'inconsistent' };
    throw error;
  }
}
