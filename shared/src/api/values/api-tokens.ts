// The api tokens values, without zod: the web app's start reads them (issue 27, the light start);
// ../api-tokens.ts builds its schemas on them and exports them too.
/**
 * Personal access tokens (issue 17, item 3): `Authorization: Bearer trk_…` on any /api call, as their
 * owner. A `read` token may only make safe calls (GET, HEAD); a `write` token may do what its owner may.
 */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const API_TOKEN_NAME_MAX = 100;
