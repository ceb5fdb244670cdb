// A press: capture through the chosen driver, then identify it (attendance) or add it to the
// enrolment (register: three impressions, anonymous duplicate check, then the host gets the templates).
import { decideIdentification } from '../../identify/decision.ts';
import { fingerSeed } from '../../synth/demo.ts';
import { DriverError, unknownFingerSeed, type CaptureDriver } from '../drivers/index.ts';
import { CONSENT_VERSION } from './consent.ts';
import { EngineError } from './engine.ts';
import type { CaptureInput, TemplateRow } from './engine-protocol.ts';
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
    else await addImpression(input);
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
  post({
    type: 'fingerprint-attendance',
    status: decision.status,
    action: page.action,
    employee,
    score: Math.round(decision.score * 10) / 10,
  });
  setState('ready', employee ? page.t('matched', { name: employee.name }) : page.t('notRecognized'));
}

async function addImpression(input: CaptureInput): Promise<void> {
  const extracted = await engine.extract(input);
  page.impressions.push({ template: extracted.template, quality: extracted.quality });
  renderImpressions();
  if (page.impressions.length < 3) {
    setState('ready');
    return;
  }
  showMessage(page.t('register.checking'));
  let rows: TemplateRow[];
  try {
    // Without a session (sign-up) there is no gallery here: only the server may search, and a
    // host that did not ask for that gets 'the check could not run' rather than no check at all.
    if (page.serverCheck) rows = [];
    else if (page.backend) rows = await page.backend.duplicateGallery(page.person?.id ?? null);
    else throw new Error('not signed in');
  } catch {
    page.impressions = [];
    renderImpressions();
    setState('error', page.t('register.duplicateCheckFailed'), 'duplicate-check-failed');
    setState('ready', page.t('register.duplicateCheckFailed'), 'duplicate-check-failed');
    return;
  }
  await engine.duplicates(rows);
  const enrolled = await engine.enrol(page.impressions.map((i) => i.template));
  page.impressions = [];
  if (enrolled.status === 'ok') {
    renderImpressions();
    post({
      type: 'fingerprint-register',
      finger: page.finger,
      template: enrolled.templates[0]!,
      templates: enrolled.templates,
      quality: enrolled.quality,
      consentVersion: CONSENT_VERSION,
    });
    page.newFingerSeed = unknownFingerSeed();
    setState('ready', page.t('register.captured'), 'captured');
  } else {
    renderImpressions();
    const text =
      enrolled.status === 'duplicate' ? page.t('register.duplicate') : page.t('register.inconsistent');
    setState('ready', text, enrolled.status);
  }
}

export function simulatedSeed(choice: string): number | undefined {
  if (choice === 'unknown') return unknownFingerSeed();
  if (choice === 'new') return page.person?.id ? fingerSeed(page.person.id) : page.newFingerSeed;
  if (choice.startsWith('person:')) return fingerSeed(choice.slice('person:'.length));
  return undefined;
}
