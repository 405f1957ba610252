import { challenge } from '../auth/read-credential.ts'
import { AUTH_REALM } from '../auth/tokens.ts'
import { MERGE_PATCH } from '../../common/media-types.ts'
import type { ApiModel } from '../model/compiled-api.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import { escapeRegExp as escape } from './schema-names.ts'

/** Each header is either always or never required where it appears, so `required` lives here. */
const header = (description: string, schema: JsonSchema, required = true) => ({
  description,
  required,
  schema: { type: 'string', ...schema },
})

const pattern = (regex: string) => ({ pattern: regex })
const cacheControl = (value: string) =>
  header('How the answer may be cached (concepts/caching.md#cacheability).', {
    const: value,
  })

/** A comma-separated list of field names (`Vary`). */
const FIELD = '[A-Za-z0-9-]+'

/**
 * The response headers the API sends (`components.headers`), with the exact syntax it uses: ETags
 * name a resource's singular, `Location` one of its collections.
 */
export function responseHeaders(api: ApiModel, base: string) {
  const resources = [...api.resources.values()]
  const alternatives = (words: string[]) =>
    words.length > 0 ? `(${words.map(escape).join('|')})` : '(?!)'
  return {
    ETag: header(
      'The strong validator of the item; send it back in If-Match or If-None-Match.',
      pattern(
        `^"${alternatives(resources.map((r) => r.singular))}-[^"]+-[0-9a-z]+"$`,
      ),
    ),
    Location: header(
      'The URL of the resource just created.',
      pattern(
        `^${escape(base)}(${
          // Each collection's own path, a nested one's parents any segment.
          resources
            .map((r) =>
              r.path
                .split(/\{\w+\}/)
                .map(escape)
                .join('[^/]+'),
            )
            .join('|') || '(?!)'
        })/[^/]+$`,
      ),
    ),
    Link: header(
      'The same relations as the body’s `_links` (RFC 8288).',
      pattern('^<[^>]+>; rel="[a-z]+"(, <[^>]+>; rel="[a-z]+")*$'),
    ),
    RateLimit: header(
      'Requests left in the window and seconds until it resets (IETF RateLimit fields).',
      pattern('^"default";r=\\d+;t=\\d+$'),
      false,
    ),
    'RateLimit-Policy': header(
      'The quota: q requests per w seconds.',
      pattern('^"default";q=\\d+;w=\\d+$'),
      false,
    ),
    'Retry-After': header(
      'Whole seconds to wait before sending the request again.',
      pattern('^\\d+$'),
      false,
    ),
    'Idempotent-Replayed': header(
      'Present on a stored response replayed for a repeated Idempotency-Key.',
      { const: 'true' },
      false,
    ),
    'WWW-Authenticate': header(
      "What was wrong with the credential, in the API's scheme (RFC 9110).",
      pattern(
        `^${escape(api.auth.type === 'none' ? 'Bearer' : challenge(api.auth).split(' ')[0]!)} realm="${escape(AUTH_REALM)}"`,
      ),
    ),
    Allow: header(
      'The methods the resource supports.',
      pattern('^[A-Z]+(, [A-Z]+)*$'),
    ),
    'Cache-Control-Public': cacheControl('public, max-age=300'),
    'Cache-Control-Private': cacheControl('private, no-cache'),
    'Cache-Control-No-Store': cacheControl('no-store'),
    'Accept-Post': header('The one media type a POST body may have.', {
      const: 'application/json',
    }),
    'Accept-Patch': header(
      'The media types a PATCH body may have: a JSON Merge Patch (RFC 5789, RFC 7396) by default.',
      patchTypesOf(api),
    ),
    Accept: header('The one media type a request body may have.', {
      const: 'application/json',
    }),
    // A read of a caller's data varies by credential; the standalone server's CORS adds `Origin`
    // for an allowed cross-origin caller (`Authorization, Origin`).
    'Vary-Authorization': header(
      'The request headers the answer depends on: always `Authorization` on a read of a caller’s data, and `Origin` too on a cross-origin request.',
      pattern(`^(${FIELD}, *)*Authorization(, *${FIELD})*$`),
    ),
    'Preference-Applied': header(
      'The `Prefer` preference the answer honours (RFC 7240): `return=minimal` (no body) or `return=representation` (the record).',
      { enum: ['return=minimal', 'return=representation'] },
      false,
    ),
    // A write that honours `Prefer` answers by it; a cross-origin caller adds `Origin`.
    'Vary-Prefer': header(
      'The request headers the answer depends on: always `Prefer` on a write that honours it, and `Origin` too on a cross-origin request.',
      pattern(`^(${FIELD}, *)*Prefer(, *${FIELD})*$`),
    ),
    Vary: header(
      'The request headers the answer depends on: `Origin` on an answer to a cross-origin request.',
      pattern(`^${FIELD}(, *${FIELD})*$`),
      false,
    ),
  }
}

export type HeaderName = keyof ReturnType<typeof responseHeaders>

/** `Accept-Patch` as the API's resources set it: one value, or the values they use. */
function patchTypesOf(api: ApiModel): JsonSchema {
  const values = new Set<string>()
  for (const r of api.resources.values())
    if (r.patch) values.add(r.patchTypes.join(', '))
  if (values.size <= 1) return { const: [...values][0] ?? MERGE_PATCH }
  return { enum: [...values] }
}
