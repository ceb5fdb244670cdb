// Refine resources (the tables), each declared by its feature folder in `resource.ts`
// (`export const resource: ResourceProps`, with `meta.titleKey` for the menu label).
import type { ResourceProps } from '@refinedev/core';

const modules = import.meta.glob<{ resource: ResourceProps }>('../resources/*/resource.ts', { eager: true });

export const RESOURCES: ResourceProps[] = Object.values(modules).map((m) => m.resource);
