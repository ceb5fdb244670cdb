// An audit row's recorded change as people read it: the /audit-log screen and Settings' System Logs.
export { Diff } from './Diff.tsx';
export { diffLines, fieldLabel, readable, type DiffLine, type Reader } from './diff.ts';
