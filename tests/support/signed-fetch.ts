import type { AuthDeclaration } from '../../src/mock-server/index.ts'

/**
 * A mock's fetch that sends `token` the way its API takes credentials: Bearer, Basic (the token
 * as the user, `x` as the password), or an API key in its header, query parameter or cookie. An
 * imported description names its own scheme; a test written for any description signs with this.
 */
export function signedFetch(
  api: {
    fetch(request: Request): Promise<Response>
    declaration: { auth?: AuthDeclaration }
  },
  token: string,
) {
  const auth = api.declaration.auth ?? 'bearer'
  return (request: Request) => {
    if (auth === false) return api.fetch(request)
    const headers = new Headers(request.headers)
    let url = request.url
    if (auth === 'bearer') headers.set('Authorization', `Bearer ${token}`)
    else if (auth === 'basic')
      headers.set('Authorization', `Basic ${btoa(`${token}:x`)}`)
    else {
      const value = `${auth.prefix ?? ''}${token}`
      if (auth.in === 'header') headers.set(auth.name, value)
      else if (auth.in === 'cookie')
        headers.set('Cookie', `${auth.name}=${value}`)
      else {
        const u = new URL(url)
        u.searchParams.set(auth.name, value)
        url = u.href
      }
      if (auth.name.toLowerCase() !== 'authorization')
        headers.delete('Authorization')
    }
    return api.fetch(new Request(url, { ...requestInit(request), headers }))
  }
}

function requestInit(request: Request): RequestInit {
  return {
    method: request.method,
    ...(request.body !== null && { body: request.body, duplex: 'half' }),
    signal: request.signal,
  } as RequestInit
}
