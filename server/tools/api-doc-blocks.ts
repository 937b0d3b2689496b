import { KV_ACTIONS, REST_ROUTES, operationSpec, type ApiVersion } from '../../protocol/index.ts';
import { loadAdminCommands } from '../admin/command-registry.ts';

/** The marker lines around a generated block of docs/api.md. */
function apiDocMarkers(name: string): readonly [string, string] {
  return [
    `<!-- generated:${name} (server/tools/write-api-doc.ts) -->`,
    `<!-- /generated:${name} -->`,
  ];
}

/** One Markdown table row; pipes inside cells are escaped (GFM tables). */
function row(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

function versions(list: readonly ApiVersion[]): string {
  return list.join(', ');
}

/** Every REST route (protocol's REST_ROUTES) as a Markdown table. */
function restRoutesTable(): string {
  const rows = REST_ROUTES.map((route) => {
    const path = `\`/api/{v}/${route.path.replace(/:([a-z_]+)/g, '{$1}')}\``;
    const input = route.paramsIn === 'query' ? 'query string' : 'JSON body (v1: or form)';
    const summary = operationSpec(route.op).description;
    return row([route.method, path, route.op, versions(route.versions), input, summary]);
  });
  return [
    '| method | path | operation | versions | parameters | what it does |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Every key/value action (protocol's KV_ACTIONS) as a Markdown table. */
function kvActionsTable(): string {
  const rows = KV_ACTIONS.map((entry) => {
    const name =
      entry.admin === undefined ? `\`${entry.action}\`` : `\`admin\`, admin=\`${entry.admin}\``;
    const aliases = [
      ...entry.aliases.map((a) => `\`${a}\``),
      ...(entry.adminAliases ?? []).map((a) => `admin=\`${a}\``),
    ].join(', ');
    return row([entry.op, name, aliases, versions(entry.versions)]);
  });
  return [
    '| operation | action / action_trans | also read | versions |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Every admin command of the registry as a Markdown table. */
async function adminCommandsTable(): Promise<string> {
  const commands = [...(await loadAdminCommands()).values()];
  const rows = commands.map((command) => row([`\`${command.usage}\``, command.summary]));
  return ['| command | what it does |', '|---|---|', ...rows].join('\n');
}

/** The generated blocks of docs/api.md by name. */
export async function apiDocBlocks(): Promise<Record<string, string>> {
  return {
    'rest-routes': restRoutesTable(),
    'kv-actions': kvActionsTable(),
    'admin-commands': await adminCommandsTable(),
  };
}

/** The text between a block's markers, or undefined when the document lacks them. */
export function readApiDocBlock(doc: string, name: string): string | undefined {
  const [begin, end] = apiDocMarkers(name);
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  return start < 0 || stop < start ? undefined : doc.slice(start + begin.length, stop).trim();
}

/** The document with a block's content replaced; throws when its markers are missing. */
export function writeApiDocBlock(doc: string, name: string, content: string): string {
  const [begin, end] = apiDocMarkers(name);
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`docs/api.md: markers of ${name} are missing`);
  return `${doc.slice(0, start + begin.length)}\n\n${content}\n\n${doc.slice(stop)}`;
}
