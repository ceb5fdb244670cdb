// The scanner page (/fingerprint/index.html): a small page of its own (no React, antd or Refine)
// that every fingerprint screen embeds. It captures presses through a driver, extracts and
// identifies them in its engine worker against the roster (kiosk_roster()), enrols fingers
// (3 impressions, consent, anonymous duplicate check), and tells its host only the outcome
// (protocol.ts). Images never leave this page.
import { decideIdentification } from '../../identify/decision.ts';
import { SINGLE_FORMAT } from '../../template/stored.ts';
import { fingerSeed } from '../../synth/demo.ts';
import {
  FINGERS,
  readHostMessage,
  type Finger,
  type HostMessage,
  type PunchAction,
  type ScannerMessage,
  type ScannerMode,
  type ScannerPerson,
  type ScannerState,
} from '../protocol.ts';
import {
  createDriver,
  DRIVER_KINDS,
  DriverError,
  rememberDriver,
  rememberedDriver,
  unknownFingerSeed,
  type CaptureDriver,
  type DriverKind,
} from '../drivers/index.ts';
import { Engine, EngineError } from './engine.ts';
import type { CaptureInput, TemplateRow } from './engine-protocol.ts';
import { CONSENT_VERSION } from './consent.ts';
import { createTranslator, pageLanguage } from './texts.ts';
import { anonymousSimulatorAllowed, connect, type ScannerBackend } from './backend.ts';

const ROSTER_POLL_MS = 15_000;

const query = new URLSearchParams(location.search);
const embedded = window.parent !== window;
let t = createTranslator(pageLanguage(query));

let mode: ScannerMode = query.get('mode') === 'register' ? 'register' : 'attendance';
let action: PunchAction = query.get('action') === 'check-out' ? 'check-out' : 'check-in';
let person: ScannerPerson | undefined = query.get('employee')
  ? { id: query.get('employee')!, name: query.get('name') ?? '' }
  : undefined;
let finger: Finger = FINGERS.includes(query.get('finger') as Finger)
  ? (query.get('finger') as Finger)
  : 'right_index';
/** Outside a host, the page starts itself from its URL; inside, it waits for the host's start. */
let started = !embedded;
let state: ScannerState = 'loading';
let busy = false;

const engine = new Engine();
let backend: ScannerBackend | null = null;
let simulatorAllowed = false;
let driverKind: DriverKind = 'secugen';
let driver: CaptureDriver = createDriver(driverKind);
/** Enrolled people of the roster, by id (for names), and how many fingers they enrolled. */
let people = new Map<string, string>();
let rosterFingers = 0;
let rosterVersion = '';
let hostPeople: ScannerPerson[] | null = null;
/** Register mode: the host's fingerprint-enrol endpoint searches for duplicates (sign-up), not this page. */
let serverCheck = false;

// Enrolment in progress.
let impressions: { template: string; quality: number }[] = [];
let consentGiven = false;
let newFingerSeed = unknownFingerSeed();

// DOM -------------------------------------------------------------------------------------

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const el = {
  mode: $('mode'),
  count: $('count'),
  status: $('status'),
  message: $('message'),
  register: $('register'),
  consentText: $('consent-text'),
  consent: $<HTMLInputElement>('consent'),
  consentLabel: $('consent-label'),
  fingerLabel: $('finger-label'),
  finger: $<HTMLSelectElement>('finger'),
  impression: $('impression'),
  gauge: $('gauge'),
  gaugeLabel: $('gauge-label'),
  again: $<HTMLButtonElement>('again'),
  driverLabel: $('driver-label'),
  driver: $<HTMLSelectElement>('driver'),
  simulator: $('simulator'),
  simLabel: $('sim-label'),
  sim: $<HTMLSelectElement>('sim'),
  simOff: $('sim-off'),
  file: $('file'),
  fileLabel: $('file-label'),
  fileInput: $<HTMLInputElement>('file-input'),
  secugen: $('secugen'),
  scanHint: $('scan-hint'),
  scan: $<HTMLButtonElement>('scan'),
};

function post(message: ScannerMessage): void {
  if (embedded) window.parent.postMessage(message, location.origin);
}

function setState(next: ScannerState, message?: string, code?: string): void {
  state = next;
  const text = started || next === 'loading' || next === 'error' ? t(`state.${next}`) : t('state.idle');
  el.status.textContent = text;
  el.status.dataset.state = started || next !== 'ready' ? next : 'idle';
  el.sim.disabled = !started || next !== 'ready';
  el.scan.disabled = !started || next !== 'ready';
  el.fileInput.disabled = !started || next !== 'ready';
  el.message.textContent = message ?? (!started && next === 'ready' ? t('waitingForStart') : '');
  document.body.dataset.state = next;
  post({
    type: 'scanner-state',
    state: next,
    mode,
    ...(message ? { message } : {}),
    ...(code ? { code } : {}),
  });
}

function showMessage(text: string): void {
  el.message.textContent = text;
}

function renderMode(): void {
  document.documentElement.lang = t.language;
  document.title = t('title');
  el.mode.textContent =
    mode === 'attendance' ? `${t('mode.attendance')} · ${t(`action.${action}`)}` : t('mode.register');
  el.mode.dataset.mode = mode;
  document.body.dataset.mode = mode;
  el.register.hidden = mode !== 'register';
  el.count.textContent = mode === 'attendance' && backend ? t('enrolled', { count: rosterFingers }) : '';
  el.consentText.textContent = t('register.consent');
  el.consentLabel.textContent = t('register.agree');
  el.fingerLabel.textContent = t('register.finger');
  el.again.textContent = t('register.again');
  el.gaugeLabel.textContent = t('register.quality');
  el.finger.replaceChildren(
    ...FINGERS.map((f) => new Option(t(`register.fingers.${f}`), f, false, f === finger)),
  );
  el.driverLabel.textContent = t('device');
  el.driver.replaceChildren(
    ...DRIVER_KINDS.filter((k) => k !== 'simulator' || simulatorAllowed).map(
      (k) => new Option(t(`drivers.${k}`), k, false, k === driverKind),
    ),
  );
  el.simLabel.textContent = t('simulatedFinger');
  el.simOff.textContent = t('simulatorOff');
  el.fileLabel.textContent = t('chooseFile');
  el.scanHint.textContent = t('scanHint');
  el.scan.textContent = t('scan');
  renderImpressions();
  renderDriver();
  renderSimulator();
}

function renderDriver(): void {
  el.simulator.hidden = driverKind !== 'simulator';
  el.file.hidden = driverKind !== 'file';
  el.secugen.hidden = driverKind !== 'secugen';
  const simulatorUsable = driverKind === 'simulator' && simulatorAllowed;
  el.sim.parentElement!.hidden = !simulatorUsable;
  // Not offered when the system does not allow it: the page says so instead.
  el.simOff.hidden = simulatorAllowed || !backend;
}

/** The simulator's choices: the enrolled people of the site by name, and an unknown finger. */
function renderSimulator(): void {
  const options: HTMLOptionElement[] = [new Option(t('chooseFinger'), '')];
  if (mode === 'register') {
    const label = person?.name ? t('personFinger', { name: person.name }) : t('newFinger');
    options.push(new Option(label, 'new'));
  }
  const names = [...people.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const shown = hostPeople ? names.filter(([id]) => hostPeople!.some((p) => p.id === id)) : names;
  for (const [id, name] of shown) if (id !== person?.id) options.push(new Option(name, `person:${id}`));
  if (mode === 'attendance') options.push(new Option(t('unknownFinger'), 'unknown'));
  el.sim.replaceChildren(...options);
}

function renderImpressions(): void {
  el.impression.textContent = t('register.impression', { n: Math.min(impressions.length + 1, 3) });
  const last = impressions.at(-1);
  const quality = last?.quality ?? 0;
  el.gauge.style.setProperty('--quality', `${quality}%`);
  el.gauge.dataset.level = quality >= 60 ? 'good' : quality >= 35 ? 'fair' : 'poor';
  el.gauge.setAttribute('aria-valuenow', String(quality));
  el.gauge.title = `${quality}`;
  el.again.hidden = impressions.length === 0;
}

// Roster ----------------------------------------------------------------------------------

async function loadRoster(): Promise<void> {
  if (!backend) return;
  const fetchStart = performance.now();
  const roster = await backend.roster();
  if (!roster) return;
  // For bench:kiosk and the browser's performance panel: download, then gallery build in the worker.
  performance.measure('scanner:roster-download', { start: fetchStart, detail: { rows: roster.rows.length } });
  rosterVersion = roster.version;
  people = new Map(roster.rows.map((r) => [r.id, r.name]));
  const rows: TemplateRow[] = roster.rows
    .filter((r) => r.template)
    .map((r) => ({
      id: r.id,
      template: r.template!,
      format: r.format ?? SINGLE_FORMAT,
    }));
  // Only the enrolled people are pressable in the simulator.
  people = new Map(roster.rows.filter((r) => r.template).map((r) => [r.id, r.name]));
  const buildStart = performance.now();
  const built = await engine.gallery(rows);
  performance.measure('scanner:gallery-build', {
    start: buildStart,
    detail: { templates: built.size, workerMs: built.ms },
  });
  rosterFingers = built.fingers;
  renderMode();
}

async function pollRoster(): Promise<void> {
  if (!backend || mode !== 'attendance') return;
  try {
    const version = await backend.rosterVersion();
    if (version !== null && version !== rosterVersion) await loadRoster();
  } catch {
    // The next poll tries again; the running gallery keeps working meanwhile.
  }
}

// Presses ---------------------------------------------------------------------------------

function describeError(error: unknown): string {
  if (error instanceof DriverError) return t(`driverErrors.${error.code}`);
  if (error instanceof EngineError) {
    if (error.code === 'too-few-minutiae') return t('pressAgain');
    if (error.code === 'blank-image') return t('imageErrors.blank');
    if (['unknown-format', 'truncated', 'unsupported', 'too-small', 'too-large'].includes(error.code))
      return t('imageErrors.unreadable');
  }
  return error instanceof Error ? error.message : String(error);
}

async function press(request: Parameters<CaptureDriver['capture']>[0]): Promise<void> {
  if (busy || !started || state === 'loading') return;
  if (mode === 'register' && !consentGiven) {
    showMessage(t('register.consent'));
    el.consent.focus();
    return;
  }
  busy = true;
  try {
    setState('capturing');
    const input = await driver.capture(request);
    setState('processing');
    if (mode === 'attendance') await identify(input);
    else await addImpression(input);
  } catch (error) {
    setState('ready', describeError(error), error instanceof DriverError ? error.code : undefined);
  } finally {
    busy = false;
  }
}

async function identify(input: CaptureInput): Promise<void> {
  const started = performance.now();
  const { result, timings } = await engine.identify(input);
  performance.measure('scanner:identify', { start: started, detail: timings });
  // The roster's size is the number of enrolled people (several fingers each may be enrolled).
  const decision = decideIdentification(result, people.size);
  if (decision.status === 'retry') {
    setState('ready', t('pressAgain'), 'retry');
    return;
  }
  const employee =
    decision.status === 'matched' ? { id: decision.id, name: people.get(decision.id) ?? '' } : null;
  post({
    type: 'fingerprint-attendance',
    status: decision.status,
    action,
    employee,
    score: Math.round(decision.score * 10) / 10,
  });
  setState('ready', employee ? t('matched', { name: employee.name }) : t('notRecognized'));
}

async function addImpression(input: CaptureInput): Promise<void> {
  const extracted = await engine.extract(input);
  impressions.push({ template: extracted.template, quality: extracted.quality });
  renderImpressions();
  if (impressions.length < 3) {
    setState('ready');
    return;
  }
  showMessage(t('register.checking'));
  let rows: TemplateRow[];
  try {
    // Without a session (sign-up) there is no gallery here: only the server may search, and a
    // host that did not ask for that gets 'the check could not run' rather than no check at all.
    if (serverCheck) rows = [];
    else if (backend) rows = await backend.duplicateGallery(person?.id ?? null);
    else throw new Error('not signed in');
  } catch {
    impressions = [];
    renderImpressions();
    setState('error', t('register.duplicateCheckFailed'), 'duplicate-check-failed');
    setState('ready', t('register.duplicateCheckFailed'), 'duplicate-check-failed');
    return;
  }
  await engine.duplicates(rows);
  const enrolled = await engine.enrol(impressions.map((i) => i.template));
  impressions = [];
  if (enrolled.status === 'ok') {
    renderImpressions();
    post({
      type: 'fingerprint-register',
      finger,
      template: enrolled.templates[0]!,
      templates: enrolled.templates,
      quality: enrolled.quality,
      consentVersion: CONSENT_VERSION,
    });
    newFingerSeed = unknownFingerSeed();
    setState('ready', t('register.captured'), 'captured');
  } else {
    renderImpressions();
    const text = enrolled.status === 'duplicate' ? t('register.duplicate') : t('register.inconsistent');
    setState('ready', text, enrolled.status);
  }
}

function simulatedSeed(choice: string): number | undefined {
  if (choice === 'unknown') return unknownFingerSeed();
  if (choice === 'new') return person?.id ? fingerSeed(person.id) : newFingerSeed;
  if (choice.startsWith('person:')) return fingerSeed(choice.slice('person:'.length));
  return undefined;
}

// Host messages ---------------------------------------------------------------------------

function onHostMessage(message: HostMessage): void {
  if (message.type === 'employees') {
    hostPeople = message.employees;
    renderSimulator();
    return;
  }
  if (message.type === 'stop') {
    started = false;
    setState(state === 'loading' ? 'loading' : 'ready');
    return;
  }
  const previousMode = mode;
  mode = message.mode;
  if (message.mode === 'attendance') action = message.action;
  else {
    person = message.person ?? person;
    finger = message.finger ?? finger;
    serverCheck = message.duplicateCheck === 'server';
    if (previousMode !== 'register') impressions = [];
  }
  started = true;
  renderMode();
  if (state !== 'loading') setState('ready');
  if (previousMode !== mode && mode === 'attendance') void loadRoster().catch(() => undefined);
}

// Wiring ----------------------------------------------------------------------------------

function wire(): void {
  window.addEventListener('message', (event) => {
    const message = readHostMessage(event, embedded ? window.parent : undefined);
    if (message) onHostMessage(message);
  });
  window.addEventListener('storage', (event) => {
    if (event.key === 'pointage.language') {
      t = createTranslator(pageLanguage(query));
      renderMode();
      setState(state);
    }
  });
  el.driver.addEventListener('change', () => {
    driverKind = el.driver.value as DriverKind;
    driver = createDriver(driverKind);
    rememberDriver(driverKind, localStorage);
    renderDriver();
  });
  el.sim.addEventListener('change', () => {
    const seed = simulatedSeed(el.sim.value);
    el.sim.value = '';
    if (seed !== undefined) void press({ fingerSeed: seed });
  });
  el.fileInput.addEventListener('change', () => {
    const file = el.fileInput.files?.[0];
    el.fileInput.value = '';
    if (file) void press({ file });
  });
  el.scan.addEventListener('click', () => void press({}));
  el.consent.addEventListener('change', () => {
    consentGiven = el.consent.checked;
    if (consentGiven && state === 'ready') showMessage('');
  });
  el.finger.addEventListener('change', () => {
    finger = el.finger.value as Finger;
    impressions = [];
    renderImpressions();
  });
  el.again.addEventListener('click', () => {
    impressions = [];
    renderImpressions();
    setState('ready');
  });
  setInterval(() => void pollRoster(), ROSTER_POLL_MS);
  window.addEventListener('focus', () => void pollRoster());
}

async function boot(): Promise<void> {
  wire();
  renderMode();
  setState('loading');
  try {
    backend = await connect();
  } catch {
    backend = null;
  }
  if (!backend && mode === 'register') {
    // Sign-up: nobody is signed in yet. The page captures and checks the impressions match; the
    // host's endpoint does the duplicate search and stores the enrolment once there is a session.
    simulatorAllowed = await anonymousSimulatorAllowed().catch(() => false);
    driverKind = rememberedDriver(simulatorAllowed, localStorage);
    driver = createDriver(driverKind);
    renderMode();
    setState('ready');
    return;
  }
  if (!backend) {
    setState('error', t('notSignedIn'), 'not-signed-in');
    return;
  }
  simulatorAllowed = await backend.simulatorAllowed();
  driverKind = rememberedDriver(simulatorAllowed, localStorage);
  driver = createDriver(driverKind);
  try {
    // Register mode: the roster only names people for the simulator (admins); kiosks identify with it.
    await loadRoster();
  } catch {
    if (mode === 'attendance') {
      renderMode();
      setState('error', t('rosterFailed'), 'roster-failed');
      return;
    }
  }
  renderMode();
  setState('ready');
}

void boot();
