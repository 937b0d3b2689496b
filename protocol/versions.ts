/** Interface versions, named by their REST path prefix /api/v1 and /api/v2 (docs/interface.md › Versioning §1). */
export const API_VERSIONS = ['v1', 'v2'] as const;

/** One interface version; v2 adds API keys, profile_id and the v2-only groups (docs/interface.md › Versioning §3). */
export type ApiVersion = (typeof API_VERSIONS)[number];

/** True when the text names a known interface version. */
export function isApiVersion(text: string): text is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(text);
}
