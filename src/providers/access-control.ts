// Refine's access control: routes (resource = a path of the route table) and actions
// (resource = an action of ACTIONS). Mirrors what the database refuses anyway.
import type { AccessControlProvider } from '@refinedev/core';
import { ACTIONS, mayDo, mayOpen, ruleFor, type Action } from '../domain/access/roles.ts';
import { RESOURCES } from '../screens/resources.ts';
import { loadIdentity } from './identity.ts';

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource }) => {
    const role = (await loadIdentity())?.role;
    if (resource && resource in ACTIONS) return { can: mayDo(resource as Action, role) };
    // A table's resource (e.g. 'employees') is allowed where its list route is.
    const list = RESOURCES.find((r) => r.name === resource)?.list;
    const path = typeof list === 'string' ? list : resource;
    const rule = path ? ruleFor(path) : undefined;
    return { can: rule ? mayOpen(rule, role) : false };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
