/** A completed operation's response, kept to replay byte for byte. */
export interface StoredResponse {
  status: number
  body: string
  headers: Record<string, string>
}

/**
 * One `Idempotency-Key` a client sent: its scope (the key with its principal), the request it
 * came with (`fingerprint`), when it expires, and the response a retry replays. A store keeps
 * completed records only.
 */
export interface IdempotencyRecord {
  scope: string
  key: string
  method: string
  path: string
  principal: string
  fingerprint: string
  createdAt: string
  expiresAt: string
  state: 'in-flight' | 'completed'
  response: StoredResponse | null
}

/**
 * The whole data state as plain JSON: what snapshot/restore and persistence exchange. One array of
 * rows per resource, by its name, typed from the declaration.
 */
export type StateSnapshot<Tables = { [table: string]: unknown }> = {
  schemaVersion: 1
  idempotencyKeys: IdempotencyRecord[]
} & Tables
