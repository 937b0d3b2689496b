import { table } from '../catalogue/catalogue-doc.ts';
import { RULES, type RuleDef, type RuleId } from './rule-book.ts';

/** The generated rule table of docs/protocol.md "Validation rules": id, error kind, words. */
export function renderRulesDoc(): string {
  const ids = Object.keys(RULES) as RuleId[];
  return table(
    ['rule', 'kind', 'verbiage after "<field>: "'],
    ids.map((id) => {
      const rule: RuleDef = RULES[id];
      return [`\`${id}\``, rule.kind, rule.text];
    }),
  );
}
