import { OPERATIONS, type OperationName } from '../operations.ts';
import { API_VERSIONS } from '../versions.ts';
import { GROUP_NAMES, PARAM_TYPES, type OperationSpec, type ParamSpec } from './types.ts';
import { GROUPS } from './groups.ts';
import { operationSpec } from './operation-specs.ts';
import { PARAM_SPECS } from './param-specs.ts';
import { PARAM_TYPE_RULES } from './type-rules.ts';
import { RULES, type RuleDef, type RuleId } from '../rules/rule-book.ts';

function cell(text: string): string {
  return text === '' ? '—' : text.replace(/\|/g, '\\|');
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

const code = (text: string): string => `\`${text}\``;

function operationsOf(param: ParamSpec): string {
  const names: string[] = [];
  for (const op of OPERATIONS) {
    const spec = operationSpec(op);
    const versions = API_VERSIONS.filter((v) => spec.accepted[v]?.has(param.key) === true);
    if (versions.length === 0) continue;
    const possible = param.versions.filter((v) => spec.versions.includes(v));
    const narrower = versions.length < possible.length;
    names.push(narrower ? `${op} (${versions.join(', ')})` : op);
  }
  return names.join(', ');
}

function paramRow(param: ParamSpec): string[] {
  const group = param.group ?? '';
  return [
    code(param.key),
    param.standalone && group !== '' ? `${group}, standalone` : group || 'standalone',
    code(param.type),
    param.versions.join(', '),
    param.sensitive ? 'yes' : '',
    operationsOf(param),
    param.origin === 'decision' ? `${param.description} (LaneTerm)` : param.description,
  ];
}

function operationRow(op: OperationName, spec: OperationSpec): string[] {
  const alternatives = spec.alternatives.map((alt) => {
    const only = alt.versions.length < spec.versions.length ? ` (${alt.versions.join(', ')})` : '';
    return `${alt.keys.join('+')}${only}`;
  });
  return [
    code(op),
    spec.versions.join(', '),
    [...spec.required, ...spec.requiredWithEntry.map((key) => `${key} (with account data)`)].join(
      ', ',
    ),
    alternatives.join('; '),
    spec.exclusive.map(([a, b]) => `${a} / ${b}`).join(', '),
    spec.companions.map((c) => `${c.key} → ${c.needs}`).join(', '),
    spec.customParams ? 'kept' : spec.echoedParams ? 'echoed' : '',
    spec.plainPin ? 'yes' : '',
    spec.description,
  ];
}

/**
 * The generated part of docs/protocol.md "Parameter catalogue": value types, groups, every
 * parameter, and every operation's request rules, all rendered from the catalogue data.
 */
export function renderCatalogueDoc(): string {
  const types = table(
    ['type', 'rule'],
    PARAM_TYPES.map((type) => [code(type), PARAM_TYPE_RULES[type]]),
  );
  const groups = table(
    ['group', ...API_VERSIONS],
    GROUP_NAMES.map((g) => [code(g), ...API_VERSIONS.map((v) => (GROUPS[g][v] ?? []).join(', '))]),
  );
  const params = table(
    ['key', 'group', 'type', 'versions', 'card data', 'operations', 'meaning'],
    [...PARAM_SPECS.values()].map(paramRow),
  );
  const operations = table(
    [
      'operation',
      'versions',
      'required',
      'one of',
      'exclusive',
      'companions',
      'custom',
      'plain PIN',
    ],
    OPERATIONS.map((op) => operationRow(op, operationSpec(op))),
  );
  return [
    '### Value types',
    types,
    '### Groups',
    groups,
    '### Parameters',
    params,
    '### Operations',
    operations,
  ].join('\n\n');
}

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

/** The marker lines around a generated block of a Markdown document. */
function generatedMarkers(name: string): readonly [string, string] {
  return [
    `<!-- generated:${name} (protocol/catalogue/tools/write-doc.ts) -->`,
    `<!-- /generated:${name} -->`,
  ];
}

/** The text between a block's markers, or undefined when the document lacks them. */
export function readGenerated(doc: string, name: string): string | undefined {
  const [begin, end] = generatedMarkers(name);
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) return undefined;
  return doc.slice(start + begin.length, stop).trim();
}

/** The document with a block's content replaced; throws when the markers are missing. */
export function replaceGenerated(doc: string, name: string, content: string): string {
  const [begin, end] = generatedMarkers(name);
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`docs: markers of ${name} are missing`);
  return `${doc.slice(0, start + begin.length)}\n\n${content}\n\n${doc.slice(stop)}`;
}
