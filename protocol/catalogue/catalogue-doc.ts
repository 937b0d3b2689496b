import { OPERATIONS, type OperationName } from '../operations.ts';
import { API_VERSIONS } from '../versions.ts';
import { GROUP_NAMES, PARAM_TYPES, type OperationSpec, type ParamSpec } from './types.ts';
import { GROUPS } from './groups.ts';
import { operationSpec } from './operation-specs.ts';
import { PARAM_SPECS } from './param-specs.ts';
import { PARAM_TYPE_RULES } from './type-rules.ts';

/** A Markdown table cell: pipes escaped, empty shown as a dash. */
export function cell(text: string): string {
  return text === '' ? '—' : text.replace(/\|/g, '\\|');
}

/** A Markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
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
    spec.required.join(', '),
    alternatives.join('; '),
    spec.exclusive.map(([a, b]) => `${a} / ${b}`).join(', '),
    spec.companions.map((c) => `${c.key} → ${c.needs}`).join(', '),
    spec.customParams ? 'yes' : '',
    spec.plainPin ? 'yes' : '',
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
