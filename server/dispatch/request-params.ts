import { TRANSPORT_KEYS, emptyParams, type Params } from '../../protocol/index.ts';

/**
 * The request's parameters without transport and credential keys (action, action_trans, admin,
 * username, password, API key, MFA and dual keys): they are never parameters (docs/interface.md › Authentication,
 * Endpoints) and must not reach validation or the engine.
 */
export function withoutTransportKeys(params: Params): Params {
  const kept = emptyParams();
  for (const [key, value] of Object.entries(params)) {
    if (!TRANSPORT_KEYS.has(key)) kept[key] = value;
  }
  return kept;
}
