/** The seeded credentials of contract section 4. */
export type SeededToken =
  | 'customer-1-token'
  | 'customer-2-token'
  | 'readonly-token'
  | 'admin-token'
  | 'expired-token'

export type HeaderMap = Record<string, string>

/** `Authorization: Bearer <token>`; spread it into a header map. */
export function auth(token: SeededToken | (string & {})): HeaderMap {
  return { Authorization: `Bearer ${token}` }
}

/** `Idempotency-Key: <key>`; spread it into a header map. */
export function idempotencyKey(key: string): HeaderMap {
  return { 'Idempotency-Key': key }
}

/** A request without a body: a GET unless another method is named. */
export function request(headers: HeaderMap = {}, method = 'GET'): RequestInit {
  return { method, headers }
}

/** A request with a JSON body and `Content-Type: application/json`. */
export function sendJson(
  method: 'POST' | 'PUT' | 'DELETE',
  body: unknown,
  headers: HeaderMap = {},
): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }
}

/** A request whose body is exactly `body`, sent with whatever `Content-Type` the headers say. */
export function sendRaw(
  method: 'POST' | 'PUT' | 'DELETE',
  body: string,
  headers: HeaderMap = {},
): RequestInit {
  return { method, headers, body }
}
