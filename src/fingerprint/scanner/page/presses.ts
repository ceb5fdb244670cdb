// A press: capture through the chosen driver, then identify it (attendance: in the engine against the
// roster, or on the server against one's own finger) or add it to the enrolment (register: three
// impressions that must match each other, the server's duplicate check, then the host gets them).
import { decideIdentification } from '../../identify/decision.ts';
import { simulatedFingerSeed } from '../../synth/demo.ts';
import { DriverError, unknownFingerSeed, type CaptureDriver } from '../drivers/index.ts';
import { CONSENT_VERSION } from './consent.ts';
import { EngineError } from './engine.ts';
import type { CaptureInput } from './engine-protocol.ts';
import { engine, page } from './page-state.ts';
import { el, post, renderImpressions, setState, showMessage } from './view.ts';

function describeError(error: unknown): string {
  if (error instanceof DriverError) return page.t(`driverErrors.${error.code}`);
  if (error instanceof EngineError) {
    if (error.code === 'too-few-minutiae') return page.t('pressAgain');
    if (error.code === 'blank-image') return page.t('imageErrors.blank');
    if (['unknown-format', 'truncated', 'unsupported', 'too-small', 'too-large'].includes(error.code))
      return page.t('imageErrors.unreadable');
  }
  return error instanceof Error ? error.message : String(error);
}

export async function press(request: Parameters<CaptureDriver['capture']>[0]): Promise<void> {
  if (page.busy || !page.started || page.state === 'loading') return;
  if (page.mode === 'register' && !page.consentGiven) {
    showMessage(page.t('register.consent'));
    el.consent.focus();
    return;
  }
  page.busy = true;
  try {
    setState('capturing');
    const input = await withDemoFinger(await page.driver.capture(request));
    setState('processing');
    if (page.mode === 'attendance') await identify(input);
    else await addImpression(input, input.kind === 'synthetic' ? input.seed : undefined);
  } catch (error) {
    setState('ready', describeError(error), error instanceof DriverError ? error.code : undefined);
  } finally {
    page.busy = false;
  }
}

/**
 * A simulated press of a demo finger the database keeps: fetched (a few ms) so the engine only renders
 * a new impression instead of growing the finger (a third of a second, more on a cheap tablet).
 */
async function withDemoFinger(input: CaptureInput): Promise<CaptureInput> {
  if (input.kind !== 'synthetic' || !page.backend) return input;
  const finger = await page.backend.demoFinger(input.seed).catch(() => null);
  return finger ? { ...input, finger } : input;
}

async function identify(input: CaptureInput): Promise<void> {
  if (page.personalNumber) return verifyNumber(page.personalNumber, input);
  if (page.serverVerify) return verifyOnServer(input);
  const begun = performance.now();
  const { result, timings } = await engine.identify(input);
  performance.measure('scanner:identify', { start: begun, detail: timings });
  // The roster's size is the number of enrolled people (several fingers each may be enrolled).
  const decision = decideIdentification(result, page.people.size);
  if (decision.status === 'retry') {
    setState('ready', page.t('pressAgain'), 'retry');
    return;
  }
  const employee =
    decision.status === 'matched' ? { id: decision.id, name: page.people.get(decision.id) ?? '' } : null;
  reportAttendance(employee, Math.round(decision.score * 10) / 10);
}

/** Tells the host who pressed (or that no one was recognised) and says it on the scanner. */
function reportAttendance(employee: { id: string; name: string } | null, score: number): void {
  post({
    type: 'fingerprint-attendance',
    status: employee ? 'matched' : 'no_match',
    action: page.action,
    employee,
    score,
  });
  setState('ready', employee ? page.t('matched', { name: employee.name }) : page.t('notRecognized'));
}

/** The server's 1:1 answer: a press to make again, someone or no one; anything else failed. */
function reportServerAnswer(
  answer: { status: string; score?: number; employee?: { id: string; name: string } } | null,
  expected: string[],
): void {
  if (!answer || !expected.includes(answer.status)) {
    setState('ready', page.t('verifyFailed'), 'verify-failed');
    return;
  }
  if (answer.status === 'retry') {
    setState('ready', page.t('pressAgain'), 'retry');
    return;
  }
  reportAttendance(
    answer.status === 'matched' && answer.employee ? answer.employee : null,
    answer.score ?? 0,
  );
}

/**
 * The portal's own-finger check: the roster names the person but holds no template (only kiosks and
 * admins get those), so the press's template goes to the server, which compares it with theirs.
 */
async function verifyOnServer(input: CaptureInput): Promise<void> {
  const probe = await engine.extract(input);
  const answer = page.backend ? await page.backend.verifyOwnFinger(probe.template) : null;
  reportServerAnswer(answer, ['matched', 'no_match', 'retry', 'not-enrolled']);
}

/**
 * A verify site's kiosk: the press's template and the typed number go to the server, which compares
 * them with that one person's templates. A wrong number and another finger both read 'Not Recognized'.
 */
async function verifyNumber(personalNumber: string, input: CaptureInput): Promise<void> {
  const begun = performance.now();
  const probe = await engine.extract(input);
  const answer = page.backend ? await page.backend.kioskVerify(personalNumber, probe.template) : null;
  performance.measure('scanner:verify', { start: begun });
  // The server could not be reached: the host queues the press (its template, never the image) with
  // the number, and the server verifies it when the connection returns.
  if (page.backend && (!answer || answer.status === 'unavailable')) {
    post({
      type: 'fingerprint-offline-press',
      action: page.action,
      personalNumber,
      template: probe.template,
    });
    setState('ready', page.t('offlineQueued'), 'offline-queued');
    return;
  }
  reportServerAnswer(answer, ['matched', 'no_match', 'retry']);
}

async function addImpression(input: CaptureInput, simulatedSeed: number | undefined): Promise<void> {
  const extracted = await engine.extract(input);
  page.impressions.push({ template: extracted.template, quality: extracted.quality, simulatedSeed });
  renderImpressions();
  if (page.impressions.length < 3) {
    setState('ready');
    return;
  }
  showMessage(page.t('register.checking'));
  // Here only that the impressions match each other; whether the finger is someone else's is the
  // server's to say (staff: now; sign-up: when the host sends it with the new account's session).
  const enrolled = await engine.enrol(page.impressions.map((i) => i.template));
  // Three presses of one simulated finger: the host links it to the person once they are stored.
  const seeds = new Set(page.impressions.map((i) => i.simulatedSeed));
  const simulatorSeed = seeds.size === 1 ? [...seeds][0] : undefined;
  page.impressions = [];
  renderImpressions();
  if (enrolled.status !== 'ok') {
    setState('ready', page.t('register.inconsistent'), 'inconsistent');
    return;
  }
  if (!page.serverCheck) {
    const checked = page.backend
      ? await page.backend.checkDuplicate(page.person?.id ?? null, enrolled.templates)
      : null;
    if (checked?.status === 'duplicate') {
      const text = checked.duplicateOf
        ? page.t('register.duplicateOf', { name: checked.duplicateOf.name })
        : page.t('register.duplicate');
      setState('ready', text, 'duplicate');
      return;
    }
    if (checked?.status === 'inconsistent') {
      setState('ready', page.t('register.inconsistent'), 'inconsistent');
      return;
    }
    if (checked?.status !== 'no-duplicate') {
      const text =
        checked?.status === 'too-many'
          ? page.t('register.tooManyChecks')
          : page.t('register.duplicateCheckFailed');
      setState('error', text, 'duplicate-check-failed');
      setState('ready', text, 'duplicate-check-failed');
      return;
    }
  }
  post({
    type: 'fingerprint-register',
    finger: page.finger,
    template: enrolled.templates[0]!,
    templates: enrolled.templates,
    quality: enrolled.quality,
    consentVersion: CONSENT_VERSION,
    ...(simulatorSeed !== undefined ? { simulatorSeed } : {}),
  });
  page.newFingerSeed = unknownFingerSeed();
  setState('ready', page.t('register.captured'), 'captured');
}

export function simulatedSeed(choice: string): number | undefined {
  if (choice === 'unknown') return unknownFingerSeed();
  if (choice === 'new')
    return page.person?.id ? simulatedFingerSeed(page.person.id, page.simulatedSeeds) : page.newFingerSeed;
  if (choice.startsWith('person:'))
    return simulatedFingerSeed(choice.slice('person:'.length), page.simulatedSeeds);
  return undefined;
}
