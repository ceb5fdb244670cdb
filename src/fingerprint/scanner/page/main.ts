// The scanner page (/fingerprint/index.html): a small page of its own (no React, antd or Refine)
// that every fingerprint screen embeds. It captures presses through a driver, extracts and
// identifies them in its engine worker against the roster (kiosk_roster()), enrols fingers
// (3 impressions, consent, anonymous duplicate check), and tells its host only the outcome
// (protocol.ts). Images never leave this page. This file wires the page: the host's messages,
// the controls, the roster's polling and the boot.
import { readHostMessage, type Finger, type HostMessage } from '../protocol.ts';
import { createDriver, rememberDriver, rememberedDriver, type DriverKind } from '../drivers/index.ts';
import { anonymousSimulatorAllowed, connect } from './data.ts';
import { embedded, page, query } from './page-state.ts';
import { press, simulatedSeed } from './presses.ts';
import { loadRoster, pollRoster } from './roster.ts';
import { createTranslator, pageLanguage } from './texts.ts';
import {
  el,
  renderDriver,
  renderImpressions,
  renderMode,
  renderSimulator,
  setState,
  showMessage,
} from './view.ts';

const ROSTER_POLL_MS = 15_000;

// Host messages ---------------------------------------------------------------------------

function onHostMessage(message: HostMessage): void {
  if (message.type === 'employees') {
    page.hostPeople = message.employees;
    renderSimulator();
    return;
  }
  if (message.type === 'stop') {
    page.started = false;
    setState(page.state === 'loading' ? 'loading' : 'ready');
    return;
  }
  const previousMode = page.mode;
  page.mode = message.mode;
  if (message.mode === 'attendance') {
    page.action = message.action;
    page.oneTap = message.oneTap === true;
    page.personalNumber = message.personalNumber ?? null;
  } else {
    page.person = message.person ?? page.person;
    page.finger = message.finger ?? page.finger;
    page.serverCheck = message.duplicateCheck === 'server';
    if (previousMode !== 'register') page.impressions = [];
  }
  page.started = true;
  renderMode();
  if (page.state !== 'loading') setState('ready');
  if (previousMode !== page.mode && page.mode === 'attendance') void loadRoster().catch(() => undefined);
}
// Wiring ----------------------------------------------------------------------------------

function wire(): void {
  window.addEventListener('message', (event) => {
    const message = readHostMessage(event, embedded ? window.parent : undefined);
    if (message) onHostMessage(message);
  });
  window.addEventListener('storage', (event) => {
    if (event.key === 'pointage.language') {
      page.t = createTranslator(pageLanguage(query));
      renderMode();
      setState(page.state);
    }
  });
  el.driver.addEventListener('change', () => {
    page.driverKind = el.driver.value as DriverKind;
    page.driver = createDriver(page.driverKind);
    rememberDriver(page.driverKind, localStorage);
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
    page.consentGiven = el.consent.checked;
    if (page.consentGiven && page.state === 'ready') showMessage('');
  });
  el.finger.addEventListener('change', () => {
    page.finger = el.finger.value as Finger;
    page.impressions = [];
    renderImpressions();
  });
  el.again.addEventListener('click', () => {
    page.impressions = [];
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
    page.backend = await connect();
  } catch {
    page.backend = null;
  }
  if (!page.backend && page.mode === 'register') {
    // Sign-up: nobody is signed in yet. The page captures and checks the impressions match; the
    // host's endpoint does the duplicate search and stores the enrolment once there is a session.
    page.simulatorAllowed = await anonymousSimulatorAllowed().catch(() => false);
    page.driverKind = rememberedDriver(page.simulatorAllowed, localStorage);
    page.driver = createDriver(page.driverKind);
    renderMode();
    setState('ready');
    return;
  }
  if (!page.backend) {
    setState('error', page.t('notSignedIn'), 'not-signed-in');
    return;
  }
  page.simulatorAllowed = await page.backend.simulatorAllowed();
  page.driverKind = rememberedDriver(page.simulatorAllowed, localStorage);
  page.driver = createDriver(page.driverKind);
  try {
    // Register mode: the roster only names people for the simulator (admins); kiosks identify with it.
    await loadRoster();
  } catch {
    if (page.mode === 'attendance') {
      renderMode();
      setState('error', page.t('rosterFailed'), 'roster-failed');
      return;
    }
  }
  renderMode();
  setState('ready');
}

void boot();
