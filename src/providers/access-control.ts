// Refine's access control: routes (resource = a path of the route table) and actions
// (resource = an action of ACTIONS). Mirrors what the database refuses anyway.
import type { AccessControlProvider } from '@refinedev/core';
import { ACTIONS, mayDo, mayOpen, ruleFor, type Action } from '../domain/access/roles.ts';
import { loadIdentity } from './identity.ts';

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource }) => {
    const role = (await loadIdentity())?.role;
    if (resource && resource in ACTIONS) return { can: mayDo(resource as Action, role) };
    const rule = resource ? ruleFor(resource) : undefined;
    return { can: rule ? mayOpen(rule, role) : false };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
