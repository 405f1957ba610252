import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import type { CheckOptions, CheckReport } from '../../src/check/index.ts'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { startServer, type RunningServer } from '../../src/server/index.ts'

export const TOKEN = 'customer-1-token'
export const READONLY_TOKEN = 'readonly-token'

/**
 * The standalone server with a processing time of 20 ms: long enough for a repeat of an
 * Idempotency-Key to arrive while the first request still runs, as on any real backend's write.
 */
export function startHypermock(
  wrap?: (request: Request, api: MockApi) => Promise<Response>,
): Promise<RunningServer> {
  const api = createMockApi({ config: { latencyMs: 20 } })
  return startServer({
    port: 0,
    api: wrap ? { ...api, fetch: (request) => wrap(request, api) } : api,
  })
}

/**
 * Everything the checker can test on a server that follows the contract's credentials: both
 * tokens, writes, no rate-limit probe unless asked. Any server's base URL will do.
 */
export const fullOptions = (
  baseUrl: string,
  extra: Partial<CheckOptions> = {},
): CheckOptions => ({
  baseUrl,
  token: TOKEN,
  tokenReadonly: READONLY_TOKEN,
  allowWrites: true,
  // Enough to reach every generated kind (an invalid query value, an invalid body) and stay quick.
  generatedRequests: 8,
  ...extra,
})

/** The rules that did not pass, with why: `[]` for a server that follows every convention. */
export const notPassed = (report: CheckReport) =>
  report.rules
    .filter((rule) => rule.status !== 'pass')
    .map(({ id, status, reason, expected, actual }) => ({
      id,
      status,
      reason,
      expected,
      actual,
    }))

const run = promisify(execFile)

/** Runs a report's curl line in a real shell, with the credentials in the environment as documented. */
export async function runCurl(
  line: string,
): Promise<{ status: number; headers: string; body: string }> {
  const { stdout } = await run(
    'bash',
    ['-c', line.replace(/^curl /, 'curl -sS ')],
    {
      env: { ...process.env, TOKEN, TOKEN_READONLY: READONLY_TOKEN },
    },
  )
  const [head = '', ...rest] = stdout.split(/\r\n\r\n/)
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1])
  return { status, headers: head.toLowerCase(), body: rest.join('\r\n\r\n') }
}

const ajv = new Ajv2020({ allErrors: true, strict: true })
addFormats.default(ajv)
const validateReport = ajv.compile(
  JSON.parse(
    readFileSync(
      new URL('../../src/check/check-report.schema.json', import.meta.url),
      'utf8',
    ),
  ) as object,
)

/** The schema's complaints about a report as its JSON text, `[]` when it conforms. */
export function reportSchemaErrors(report: CheckReport | unknown) {
  return validateReport(JSON.parse(JSON.stringify(report)))
    ? []
    : validateReport.errors
}
