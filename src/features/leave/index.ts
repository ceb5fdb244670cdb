// Leave (issue 27): what the portals, the leave_requests screens and the employee view share.
export { BalancesCard } from './components/BalancesCard.tsx';
export { EmployeeLeaveCard } from './components/EmployeeLeaveCard.tsx';
export { ManagerLeaveCard } from './components/ManagerLeaveCard.tsx';
export { isOffState, PresenceTag, type OffState } from './components/PresenceTag.tsx';
export { RequestForm } from './components/RequestForm.tsx';
export { RequestsTable } from './components/RequestsTable.tsx';
export { StatusTag } from './components/StatusTag.tsx';
export { TeamCalendar } from './components/TeamCalendar.tsx';
export { useLeaveLabels } from './labels.ts';
export type { LeaveRequestRow, LeaveStatus, LeavePolicy, NewLeavePolicy } from './data.ts';
export { useAddLeavePolicy, useAddLeaveType, useLeavePolicies, useLeaveTypes } from './data.ts';
