// The punch feature: recording a check-in or a check-out, HR's manual entry, the offline replay,
// and the text of a refusal. Used by the kiosk, both portals, the dashboard and the attendance page.
export {
  manualEntry,
  oneTapPunch,
  punch,
  punchActionOf,
  replayPunch,
  type OfflinePunch,
  type PunchAction,
  type PunchOptions,
  type PunchRecord,
  type PunchSource,
  type ReplayAnswer,
  type ReplayOutcome,
} from './data.ts';
export { punchFailureLine, punchFailureToast, refusalKey } from './refusal.ts';
export type { PunchErrorKey } from './punchErrors.ts';
export { buttonStates, type PunchedDay } from './rules.ts';
