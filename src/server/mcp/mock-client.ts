import { ProbeError } from '../../check/probe-error.ts'
import { readCappedBody } from '../../check/read-capped-body.ts'

/** What the MCP server reads of one answer: the status, a few headers, and the parsed body. */
export interface MockAnswer {
  status: number
  /** `METHOD /path?query` as sent, for messages. */
  request: string
  location: string | null
  body: unknown
}

/** The most bytes read of one API answer: an agent's tool result stays small, and so does memory. */
export const maxAnswerBytes = 1024 * 1024

/** The most bytes read of one control API answer: a whole journal of a server with a larger `journalLimit`. */
export const maxControlAnswerBytes = 16 * 1024 * 1024

/** A mock reached over HTTP: its API and its control API, on one origin. */
export interface MockClient {
  /** e.g. `http://127.0.0.1:8787` */
  readonly origin: string
  /** The API's base path (`/api`; '' for an API at the root). */
  readonly basePath: string
  /** Where the control API answers (`/__mock`). */
  readonly controlPath: string
  /** A request of the API, with the mock credential (never shown) as its Bearer token. */
  api(
    method: string,
    path: string,
    init?: {
      body?: unknown
      headers?: Record<string, string>
      token?: string
      /** @default maxAnswerBytes */
      maxBytes?: number
    },
  ): Promise<MockAnswer>
  /** A control API request; a 4xx or 5xx answer is a `MockAnswerError`. */
  control(method: string, path: string, body?: unknown): Promise<unknown>
}

/** A control API request that the mock refused: its answer, problem document included. */
export class MockAnswerError extends Error {
  override readonly name = 'MockAnswerError'
  readonly answer: MockAnswer
  constructor(answer: MockAnswer) {
    const detail = (answer.body as { detail?: unknown } | null)?.detail
    super(
      `${answer.request} answered ${answer.status}${typeof detail === 'string' ? `: ${detail}` : ''}`,
    )
    this.answer = answer
  }
}

/** The body as text, read up to `maxBytes` with the checker's own capped reader. */
async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<string> {
  try {
    return Buffer.from(await readCappedBody(response, maxBytes)).toString(
      'utf8',
    )
  } catch (error) {
    if (!(error instanceof ProbeError) || error.kind !== 'too-large')
      throw error
    throw new Error(
      `the answer is larger than ${maxBytes} bytes, so it was not read (for rows, ask for fewer with perPage or a filter).`,
      { cause: error },
    )
  }
}

function parse(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export interface MockClientOptions {
  origin: string
  basePath: string
  controlPath: string
  /** The credential API requests carry unless a call names another. */
  token?: string
  /** How long one request may take. @default 15000 */
  timeoutMs?: number
  fetch?: typeof fetch
}

/**
 * Talks to a mock over HTTP, whether this process serves it or `serve` does elsewhere on the
 * machine: every change goes through the API or the control API, so it is checked and journalled
 * exactly as an app's own request would be.
 */
export function createMockClient({
  origin,
  basePath,
  controlPath,
  token,
  timeoutMs = 15_000,
  fetch: send = (input, init) => globalThis.fetch(input, init),
}: MockClientOptions): MockClient {
  async function request(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    maxBytes = maxAnswerBytes,
  ): Promise<MockAnswer> {
    const response = await send(`${origin}${path}`, {
      method,
      headers: {
        Accept: 'application/json, application/problem+json',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    return {
      status: response.status,
      request: `${method} ${path}`,
      location: response.headers.get('location'),
      body: parse(await readCapped(response, maxBytes)),
    }
  }

  return {
    origin,
    basePath,
    controlPath,
    api(method, path, init = {}) {
      const credential = init.token ?? token
      return request(
        method,
        path,
        init.body,
        {
          ...init.headers,
          ...(credential !== undefined && {
            Authorization: `Bearer ${credential}`,
          }),
        },
        init.maxBytes,
      )
    },
    async control(method, path, body) {
      const answer = await request(
        method,
        `${controlPath}${path}`,
        body,
        {},
        maxControlAnswerBytes,
      )
      if (answer.status >= 400) throw new MockAnswerError(answer)
      return answer.body
    },
  }
}
