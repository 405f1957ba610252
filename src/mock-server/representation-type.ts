/**
 * The one place that decides the media type of a route's JSON: `application/json`, or the
 * `application/*+json` type its resource declares (`mediaType: 'application/scim+json'`). The
 * answers (`stages/finalize-response.ts`), the bodies a route takes (`stages/media-type.ts`) and
 * the description (`openapi/`) all ask here.
 */
import type { Method, RouteFacts } from './route-spec.ts'

export const JSON_TYPE = 'application/json'

/** An `application/*+json` type, as a resource's `mediaType` must be. */
export const isJsonSubtype = (type: unknown): type is string =>
  typeof type === 'string' &&
  /^application\/[A-Za-z0-9][\w!#$&^.-]{0,100}\+json$/.test(type)

/** The type a route's JSON representations are answered in. */
export const representationType = (spec: RouteFacts | undefined) =>
  spec?.mediaType ?? JSON_TYPE

/**
 * The body types a route takes for a method, listed with commas: its convention's (JSON unless
 * it says otherwise), with the representation's own type beside JSON.
 */
export function acceptedTypes(
  spec: RouteFacts | undefined,
  method: string,
): string {
  const types = spec?.accepts?.[method as Method] ?? JSON_TYPE
  const own = spec?.mediaType
  if (own === undefined) return types
  const list = types.split(', ')
  return list.includes(JSON_TYPE) && !list.includes(own)
    ? [...list, own].join(', ')
    : types
}

/** A `Content-Type` that is plain `application/json`: the one a representation type replaces. */
export const isPlainJson = (contentType: string | null | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === JSON_TYPE
