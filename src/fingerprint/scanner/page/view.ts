// The scanner page's DOM: its elements, the state line (also told to the host) and the rendering
// of the mode, the capture device, the simulator's choices and the enrolment gauge.
import { FINGERS, type ScannerMessage, type ScannerState } from '../protocol.ts';
import { DRIVER_KINDS } from '../drivers/index.ts';
import { embedded, page } from './page-state.ts';

/** 'consent-text' → 'consentText': the page's element ids in camelCase. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** The elements of these ids, of one kind, by their ids in camelCase. */
const byIds =
  <T extends HTMLElement>() =>
  <const Id extends string>(...ids: Id[]) =>
    Object.fromEntries(
      ids.map((id) => [id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), document.getElementById(id)]),
    ) as { [K in Id as Camel<K>]: T };

export const el = {
  ...byIds<HTMLElement>()('mode', 'count', 'status', 'message', 'register', 'impression'),
  ...byIds<HTMLElement>()('gauge', 'simulator'),
  ...byIds<HTMLElement>()('consent-text', 'consent-label', 'finger-label', 'gauge-label', 'driver-label'),
  ...byIds<HTMLElement>()('sim-label', 'sim-off', 'file', 'file-label', 'secugen', 'scan-hint'),
  ...byIds<HTMLInputElement>()('consent', 'file-input'),
  ...byIds<HTMLAnchorElement>()('consent-policy'),
  ...byIds<HTMLSelectElement>()('finger', 'driver', 'sim'),
  ...byIds<HTMLButtonElement>()('again', 'scan'),
};

export function post(message: ScannerMessage): void {
  if (embedded) window.parent.postMessage(message, location.origin);
}

export function setState(next: ScannerState, message?: string, code?: string): void {
  page.state = next;
  const text =
    page.started || next === 'loading' || next === 'error' ? page.t(`state.${next}`) : page.t('state.idle');
  el.status.textContent = text;
  el.status.dataset.state = page.started || next !== 'ready' ? next : 'idle';
  el.sim.disabled = !page.started || next !== 'ready';
  el.scan.disabled = !page.started || next !== 'ready';
  el.fileInput.disabled = !page.started || next !== 'ready';
  el.message.textContent = message ?? (!page.started && next === 'ready' ? page.t('waitingForStart') : '');
  document.body.dataset.state = next;
  post({
    type: 'scanner-state',
    state: next,
    mode: page.mode,
    ...(message ? { message } : {}),
    ...(code ? { code } : {}),
  });
}

export function showMessage(text: string): void {
  el.message.textContent = text;
}

export function renderMode(): void {
  document.documentElement.lang = page.t.language;
  document.title = page.t('title');
  el.mode.textContent =
    page.mode === 'attendance'
      ? `${page.t('mode.attendance')} · ${page.t(page.oneTap ? 'action.oneTap' : `action.${page.action}`)}`
      : page.t('mode.register');
  el.mode.dataset.mode = page.mode;
  document.body.dataset.mode = page.mode;
  el.register.hidden = page.mode !== 'register';
  el.count.textContent =
    page.mode === 'attendance' && page.backend ? page.t('enrolled', { count: page.rosterFingers }) : '';
  el.consentText.textContent = page.t('register.consent');
  el.consentLabel.textContent = page.t('register.agree');
  el.consentPolicy.textContent = page.t('register.policyLink');
  el.fingerLabel.textContent = page.t('register.finger');
  el.again.textContent = page.t('register.again');
  el.gaugeLabel.textContent = page.t('register.quality');
  el.finger.replaceChildren(
    ...FINGERS.map((f) => new Option(page.t(`register.fingers.${f}`), f, false, f === page.finger)),
  );
  el.driverLabel.textContent = page.t('device');
  el.driver.replaceChildren(
    ...DRIVER_KINDS.filter((k) => k !== 'simulator' || page.simulatorAllowed).map(
      (k) => new Option(page.t(`drivers.${k}`), k, false, k === page.driverKind),
    ),
  );
  el.simLabel.textContent = page.t('simulatedFinger');
  el.simOff.textContent = page.t('simulatorOff');
  el.fileLabel.textContent = page.t('chooseFile');
  el.scanHint.textContent = page.t('scanHint');
  el.scan.textContent = page.t('scan');
  renderImpressions();
  renderDriver();
  renderSimulator();
}

export function renderDriver(): void {
  el.simulator.hidden = page.driverKind !== 'simulator';
  el.file.hidden = page.driverKind !== 'file';
  el.secugen.hidden = page.driverKind !== 'secugen';
  const simulatorUsable = page.driverKind === 'simulator' && page.simulatorAllowed;
  el.sim.parentElement!.hidden = !simulatorUsable;
  // Not offered when the system does not allow it: the page says so instead.
  el.simOff.hidden = page.simulatorAllowed || !page.backend;
}

/** The simulator's choices: the enrolled people of the site by name, and an unknown page.finger. */
export function renderSimulator(): void {
  const options: HTMLOptionElement[] = [new Option(page.t('chooseFinger'), '')];
  if (page.mode === 'register') {
    const label = page.person?.name
      ? page.t('personFinger', { name: page.person.name })
      : page.t('newFinger');
    options.push(new Option(label, 'new'));
  }
  const names = [...page.people.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const shown = page.hostPeople ? names.filter(([id]) => page.hostPeople!.some((p) => p.id === id)) : names;
  for (const [id, name] of shown) if (id !== page.person?.id) options.push(new Option(name, `person:${id}`));
  if (page.mode === 'attendance') options.push(new Option(page.t('unknownFinger'), 'unknown'));
  el.sim.replaceChildren(...options);
}

export function renderImpressions(): void {
  el.impression.textContent = page.t('register.impression', { n: Math.min(page.impressions.length + 1, 3) });
  const last = page.impressions.at(-1);
  const quality = last?.quality ?? 0;
  el.gauge.style.setProperty('--quality', `${quality}%`);
  el.gauge.dataset.level = quality >= 60 ? 'good' : quality >= 35 ? 'fair' : 'poor';
  el.gauge.setAttribute('aria-valuenow', String(quality));
  el.gauge.title = `${quality}`;
  el.again.hidden = page.impressions.length === 0;
}
