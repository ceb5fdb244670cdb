import { describe, expect, it } from 'vitest';
import { versionStates } from './versions.ts';

describe('versionStates', () => {
  it('marks the latest version effective today as in force, later ones scheduled, earlier superseded', () => {
    const rows = [
      { rule_set: 'bf-2026', effective_from: '2026-12-01' },
      { rule_set: 'bf-2026', effective_from: '2026-11-23' },
      { rule_set: 'bf-2026', effective_from: '2026-01-01' },
      { rule_set: 'spec-default', effective_from: '2026-01-01' },
    ];
    const state = versionStates(rows, '2026-11-23');
    expect(rows.map(state)).toEqual(['scheduled', 'inForce', 'superseded', 'inForce']);
    expect(rows.map(versionStates(rows, '2025-12-31'))).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
  });
});
