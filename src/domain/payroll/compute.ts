// computePay: the TS mirror of `payroll.compute_pay(input jsonb)`, following RULES.md.
import { bf } from './bf.ts';
import { defaultRuleSets, pickVersion, type RuleSets } from './rule-sets.ts';
import { specDefault } from './spec-default.ts';
import type { PayInput, PayOutput } from './types.ts';
import { usFederal } from './us-federal.ts';

export function computePay(input: PayInput, ruleSets: RuleSets = defaultRuleSets): PayOutput {
  switch (input.rule_set) {
    case 'spec-default':
      return specDefault(
        input,
        pickVersion(input.rule_set, ruleSets[input.rule_set], input.period_date).params,
      );
    case 'us-federal-2026':
      return usFederal(
        input,
        pickVersion(input.rule_set, ruleSets[input.rule_set], input.period_date).params,
      );
    case 'bf-2026':
      return bf(input, pickVersion(input.rule_set, ruleSets[input.rule_set], input.period_date).params);
    default:
      throw new RangeError(`unknown rule set '${String((input as { rule_set: unknown }).rule_set)}'`);
  }
}
