import type { AuthScheme } from '../declare/dialect-auth.ts'

/**
 * The description's security scheme for the API's `auth`, under the name the built-in API has
 * always used for Bearer (`bearerAuth`): `null` for an API that needs no credential.
 */
export function securitySchemeOf(auth: AuthScheme) {
  switch (auth.type) {
    case 'none':
      return null
    case 'bearer':
      return { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } }
    case 'basic':
      return { name: 'basicAuth', scheme: { type: 'http', scheme: 'basic' } }
    default:
      return {
        name: 'apiKeyAuth',
        scheme: { type: 'apiKey', in: auth.in, name: auth.name },
      }
  }
}
