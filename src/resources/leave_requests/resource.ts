// The leave_requests table as a Refine resource: the list (own, team's or everyone's by RLS), a
// request (or HR's recording on someone's behalf), and a request's page with its ledger.
import type { ResourceProps } from '@refinedev/core';

export const resource: ResourceProps = {
  name: 'leave_requests',
  list: '/leave-requests',
  create: '/leave-requests/new',
  show: '/leave-requests/:id',
  meta: { titleKey: 'leave.routes.list' },
};
