import { AUTH_REALM } from '../auth/tokens.ts'
import { z } from 'zod'
import { escapeRegExp as escape, type JsonSchema } from './component-schemas.ts'

/** Each header is either always or never required where it appears, so `required` lives here. */
function header(description: string, schema: z.ZodType, required = true) {
  const { $schema: _s, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
  })
  return { description, required, schema: json as JsonSchema }
}

const cacheControl = (value: string) =>
  header('How the answer may be cached (contract section 7).', z.literal(value))

/** The response headers the API sends (`components.headers`), with the exact syntax it uses. */
export function responseHeaders(basePath: string) {
  return {
    ETag: header(
      'The strong validator of the item; send it back in If-Match or If-None-Match.',
      z.string().regex(/^"[a-z]+-\d+-v\d+"$/),
    ),
    Location: header(
      'The URL of the resource just created.',
      z
        .string()
        .regex(
          new RegExp(`^${escape(basePath)}/(orders|payments|transfers)/\\d+$`),
        ),
    ),
    Link: header(
      'The same relations as the body’s `_links` (RFC 8288).',
      z.string().regex(/^<[^>]+>; rel="[a-z]+"(, <[^>]+>; rel="[a-z]+")*$/),
    ),
    RateLimit: header(
      'Requests left in the window and seconds until it resets (IETF RateLimit fields).',
      z.string().regex(/^"default";r=\d+;t=\d+$/),
      false,
    ),
    'RateLimit-Policy': header(
      'The quota: q requests per w seconds.',
      z.string().regex(/^"default";q=\d+;w=\d+$/),
      false,
    ),
    'Retry-After': header(
      'Whole seconds to wait before sending the request again.',
      z.string().regex(/^\d+$/),
      false,
    ),
    'Idempotent-Replayed': header(
      'Present on a stored response replayed for a repeated Idempotency-Key.',
      z.literal('true'),
      false,
    ),
    'WWW-Authenticate': header(
      'What was wrong with the credential (RFC 6750).',
      z.string().startsWith(`Bearer realm="${AUTH_REALM}"`),
    ),
    Allow: header(
      'The methods the resource supports.',
      z.string().regex(/^[A-Z]+(, [A-Z]+)*$/),
    ),
    'Cache-Control-Public': cacheControl('public, max-age=300'),
    'Cache-Control-Private': cacheControl('private, no-cache'),
    'Cache-Control-No-Store': cacheControl('no-store'),
    'Accept-Post': header(
      'The one media type a POST body may have.',
      z.literal('application/json'),
    ),
    Accept: header(
      'The one media type a request body may have.',
      z.literal('application/json'),
    ),
    Vary: header(
      'Reads of a caller’s data vary by credential.',
      z.literal('Authorization'),
    ),
  }
}

export type HeaderName = keyof ReturnType<typeof responseHeaders>
