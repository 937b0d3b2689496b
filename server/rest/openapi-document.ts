import {
  PARAM_SPECS,
  PARAM_TYPE_RULES,
  REST_ROUTES,
  acceptedParams,
  operationSpec,
  pathParamNames,
  restBasePath,
  type ApiVersion,
  type RestRoute,
} from '../../protocol/index.ts';
import { ANSWER_FIELDS } from './answer-fields.ts';
import { RECEIPT_ANSWER_FIELDS } from './receipt-answer-fields.ts';

type Json = Record<string, unknown>;

const STRING_MAP: Json = { type: 'object', additionalProperties: { type: 'string' } };

/** Headers every operation may take besides credentials (docs/interface.md › Authentication §6–7). */
const HEADER_PARAMETERS: Record<string, string> = {
  'X-MFA-CODE': 'TOTP code of a user with MFA',
  'X-MFA-COOKIE': 'MFA cookie issued by POST user/mfa/cookie, instead of a code',
  'X-DUAL-Authorization': 'Basic credentials of a second user, for dual-authorized operations',
  'X-DUAL-MFA-CODE': 'TOTP code of the second user, when it has MFA',
};

function parameterSchema(key: string): Json {
  const spec = PARAM_SPECS.get(key);
  if (spec === undefined) return { type: 'string' };
  const schema: Json = {
    type: 'string',
    description: `${spec.description}. Rule: ${PARAM_TYPE_RULES[spec.type]}`,
  };
  if (spec.group !== null) schema['x-group'] = spec.group;
  if (spec.sensitive) schema['x-card-data'] = true;
  return schema;
}

/** What the keys the catalogue does not list do on an operation, or undefined when refused. */
function extraKeys(route: RestRoute): string | undefined {
  const spec = operationSpec(route.op);
  if (spec.customParams) return 'kept as custom parameters of the transaction (property name*)';
  if (spec.echoedParams) return 'ignored and echoed in the answer';
  return undefined;
}

function operationObject(route: RestRoute, version: ApiVersion): Json {
  const spec = operationSpec(route.op);
  const extra = extraKeys(route);
  const inPath = pathParamNames(route.path);
  const keys = [...acceptedParams(route.op, version)].filter((key) => !inPath.includes(key));
  const required = spec.required.filter((key) => keys.includes(key));
  const parameters: Json[] = [
    ...inPath.map((name) => ({ name, in: 'path', required: true, schema: parameterSchema(name) })),
    ...Object.keys(HEADER_PARAMETERS).map((name) => ({ $ref: `#/components/parameters/${name}` })),
  ];
  const operation: Json = {
    operationId: `${route.op}_${route.method.toLowerCase()}_${route.path.replace(/[/:]+/g, '_')}`,
    summary: spec.description,
    'x-operation': route.op,
    parameters,
    responses: {
      '200': {
        description: 'answered',
        content: { 'application/json': { schema: answerSchema(route, version) } },
      },
      '401': { description: 'authorization missing or refused (WWW-Authenticate: Basic)' },
      default: {
        description: 'declined: code, msoft_code, verbiage',
        content: { 'application/json': { schema: STRING_MAP } },
      },
    },
  };
  if (route.paramsIn === 'query') {
    for (const key of keys) {
      parameters.push({
        name: key,
        in: 'query',
        required: required.includes(key),
        schema: parameterSchema(key),
      });
    }
    if (extra !== undefined) {
      const description = `other keys: ${extra}`;
      parameters.push({
        name: 'other',
        in: 'query',
        style: 'form',
        explode: true,
        description,
        schema: STRING_MAP,
      });
    }
    return operation;
  }
  const body: Json = {
    type: 'object',
    properties: bodyProperties(keys),
    required,
    additionalProperties:
      extra === undefined ? false : { type: 'string', description: `other keys: ${extra}` },
  };
  const content: Json = { 'application/json': { schema: body } };
  if (version === 'v1') content['application/x-www-form-urlencoded'] = { schema: body };
  operation.requestBody = { required: required.length > 0, content };
  return operation;
}

/** Flat keys, and each group name as an optional object of its keys (groups are cosmetic). */
function bodyProperties(keys: readonly string[]): Json {
  const properties: Json = Object.fromEntries(keys.map((key) => [key, parameterSchema(key)]));
  for (const key of keys) {
    const group = PARAM_SPECS.get(key)?.group;
    if (group === null || group === undefined) continue;
    const members = ((properties[group] as Json | undefined)?.properties ?? {}) as Json;
    members[key] = parameterSchema(key);
    properties[group] = { type: 'object', properties: members, additionalProperties: false };
  }
  return properties;
}

function answerSchema(route: RestRoute, version: ApiVersion): Json {
  const receipt = acceptedParams(route.op, version).has('rcpt') ? RECEIPT_ANSWER_FIELDS : {};
  const fields = { ...ANSWER_FIELDS[route.op], ...receipt };
  if (Object.keys(fields).length > 0) {
    const properties = Object.fromEntries(
      Object.entries(fields).map(([key, description]) => [key, { type: 'string', description }]),
    );
    return { ...STRING_MAP, properties };
  }
  if (!route.op.startsWith('report_')) return STRING_MAP;
  const report: Json = {
    type: 'object',
    properties: { report: { type: 'array', items: STRING_MAP } },
    additionalProperties: { type: 'string', description: 'request keys the report echoes' },
  };
  return { oneOf: [report, STRING_MAP] };
}

/**
 * The OpenAPI 3.1 document of one version, generated from protocol's REST_ROUTES and parameter
 * catalogue so it cannot drift from what the service serves (GET /api/vN/openapi.json). Every
 * value is a string; groups are cosmetic (docs/interface.md › What the service does §3–4), so bodies list the
 * flat keys with their group as x-group.
 */
export function buildOpenApiDocument(version: ApiVersion): Json {
  const paths: Record<string, Json> = {};
  for (const route of REST_ROUTES.filter((r) => r.versions.includes(version))) {
    const path = `/${route.path.replace(/:([a-z_]+)/g, '{$1}')}`;
    paths[path] ??= {};
    (paths[path] as Json)[route.method.toLowerCase()] = operationObject(route, version);
  }
  const schemes: Json = {
    basic: { type: 'http', scheme: 'basic', description: 'user or user|sub' },
  };
  if (version === 'v2') {
    schemes.apiKeyId = { type: 'apiKey', in: 'header', name: 'X-API-KEY-ID' };
    schemes.apiKeySecret = { type: 'apiKey', in: 'header', name: 'X-API-KEY' };
  }
  const security: Json[] = [{ basic: [] }];
  if (version === 'v2') security.push({ apiKeyId: [], apiKeySecret: [] });
  const parameters = Object.fromEntries(
    Object.entries(HEADER_PARAMETERS).map(([name, description]) => [
      name,
      { name, in: 'header', required: false, description, schema: { type: 'string' } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: `LaneTerm Payment Transaction Service ${version}`, version },
    servers: [{ url: restBasePath(version) }],
    security,
    components: { securitySchemes: schemes, parameters },
    paths,
  };
}
