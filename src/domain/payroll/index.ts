export { computePay } from './compute.ts';
export { defaultRuleSets, pickVersion } from './rule-sets.ts';
export type {
  BfParams,
  BracketRow,
  RuleSets,
  RuleSetVersion,
  SpecDefaultParams,
  UsFederalParams,
} from './rule-sets.ts';
export { MINOR_UNIT } from './money.ts';
export * from './types.ts';
