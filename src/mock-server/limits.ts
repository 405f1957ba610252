/**
 * Every bound on what a caller can make one mock instance hold or compute. Each is enforced with a
 * 4xx problem that names it, and listed in docs/concepts/security.md; change them here only.
 */
export const limits = {
  /** Fault rules held at once (`POST /__mock/faults` past it: 409 `limit-exceeded`). */
  faultRules: 1_000,
  /** Characters in a fault rule's path pattern. */
  faultPatternLength: 500,
  /** A fault rule's `times` and `skip`: matches (requests) or events it counts. */
  faultTimes: 100_000,
  /** Nesting of objects and arrays in any JSON body, snapshots included. */
  jsonDepth: 32,
  /** Bytes in a `PUT /__mock/state` body (other bodies: the `maxBodyBytes` option, 1 MiB). */
  snapshotBytes: 32 * 1024 * 1024,
  /** Rows in each table of a snapshot. */
  snapshotRows: 200_000,
  /** Characters in any string of a snapshot, idempotency fingerprints and stored bodies aside. */
  snapshotString: 1_000,
  /** Characters in a stored idempotency response body or fingerprint in a snapshot. */
  snapshotStoredBody: 64 * 1024,
  /** The largest id a row may have; the next insert past it is refused, never wrapped or reused. */
  maxId: 2_147_483_647,
  /** The latest time the mock clock can show: ISO-8601 timestamps have four-digit years. */
  clockMax: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  /** A rate-limit window, in seconds (one day). */
  rateLimitWindowSeconds: 86_400,
  /** Requests per rate-limit window. */
  rateLimitRequests: 1_000_000,
  /** `latencyMs`, and a `delay` fault's `ms` (ten minutes). */
  latencyMs: 600_000,
  /** Stored idempotency keys, unless the `maxIdempotencyKeys` option says otherwise. */
  idempotencyKeys: 10_000,
  /** Tokens in one GraphQL document (parsing stops past it: 400). */
  graphqlTokens: 5_000,
  /** Connection fields one GraphQL request resolves: each reads its whole table. */
  graphqlConnections: 200,
  /** Edges one GraphQL request answers, over all its connections (nesting multiplies them). */
  graphqlEdges: 10_000,
  /** State events kept (the log `/events` resends from with `Last-Event-ID`): the last N. */
  events: 1_000,
  /** Bytes of event JSON kept in memory at most: past it the oldest events go first. */
  eventBytes: 16 * 1024 * 1024,
  /** `/events` streams open at once on one instance (past it: 409 `limit-exceeded`). */
  eventStreams: 100,
  /** Consumer verdicts kept (`GET <control>/operations`, `eventVerdicts`): the last N. */
  deliveryVerdicts: 1_000,
  /**
   * Bytes an `/events` stream may hold unread before it is closed (a consumer that stopped
   * reading); each event counts at least its share, so that it is closed before it falls half
   * the log behind, and can resume from `Last-Event-ID`.
   */
  eventStreamBacklogBytes: 1024 * 1024,
  /** Webhook endpoints one instance delivers to. */
  webhookEndpoints: 20,
  /** Deliveries waiting (first attempts and retries) at most: past it the oldest is dropped, and logged. */
  webhookPending: 1_000,
  /** Delivery attempts kept for `GET <control>/webhooks/deliveries`: the last N. */
  webhookDeliveries: 1_000,
} as const
