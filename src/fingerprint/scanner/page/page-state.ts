// The scanner page's state, in one object the page's modules share (view, roster, presses, host).
import {
  FINGERS,
  type Finger,
  type PunchAction,
  type ScannerMode,
  type ScannerPerson,
  type ScannerState,
} from '../protocol.ts';
import { createDriver, unknownFingerSeed, type CaptureDriver, type DriverKind } from '../drivers/index.ts';
import { Engine } from './engine.ts';
import { createTranslator, pageLanguage } from './texts.ts';
import type { ScannerBackend } from './data.ts';

export const query = new URLSearchParams(location.search);
export const embedded = window.parent !== window;
export const engine = new Engine();

export const page = {
  t: createTranslator(pageLanguage(query)),
  mode: (query.get('mode') === 'register' ? 'register' : 'attendance') as ScannerMode,
  action: (query.get('action') === 'check-out' ? 'check-out' : 'check-in') as PunchAction,
  /** The kiosk's one tap: a press checks in or out (the host decides with the database). */
  oneTap: false,
  person: (query.get('employee')
    ? { id: query.get('employee')!, name: query.get('name') ?? '' }
    : undefined) as ScannerPerson | undefined,
  finger: (FINGERS.includes(query.get('finger') as Finger) ? query.get('finger') : 'right_index') as Finger,
  /** Outside a host, the page starts itself from its URL; inside, it waits for the host's start. */
  started: !embedded,
  state: 'loading' as ScannerState,
  busy: false,

  backend: null as ScannerBackend | null,
  simulatorAllowed: false,
  driverKind: 'secugen' as DriverKind,
  driver: createDriver('secugen') as CaptureDriver,
  /** Enrolled people of the roster, by id (for names). */
  people: new Map<string, string>(),
  rosterFingers: 0,
  rosterVersion: '',
  hostPeople: null as ScannerPerson[] | null,
  /** Register mode: the host's fingerprint-enrol endpoint searches for duplicates (sign-up), not this page. */
  serverCheck: false,
  /** Attendance mode: the roster names the person but holds no template; the server compares presses. */
  serverVerify: false,
  /** Attendance mode at a verify site: the typed personal number; the server compares the press 1:1. */
  personalNumber: null as string | null,

  // Enrolment in progress.
  impressions: [] as { template: string; quality: number; simulatedSeed?: number }[],
  consentGiven: false,
  newFingerSeed: unknownFingerSeed(),
  /** The simulator's fingers linked to people enrolled before they existed (simulatedFingerSeed). */
  simulatedSeeds: new Map<string, number>(),
};
