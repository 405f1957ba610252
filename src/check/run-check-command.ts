import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { parseDescription } from './parse-description.ts'
import { isObject } from './openapi-document.ts'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CheckArgumentError } from './check-argument-error.ts'
import { normalizeCheckOptions, type CheckOptions } from './check-options.ts'
import type { CheckEvent } from './check-types.ts'
import { ansi, formatConsoleReport, plain } from './format-console-report.ts'
import { formatJunitReport } from './format-junit-report.ts'
import { baselineOf, parseBaseline } from './baseline.ts'
import { ruleIds, type RuleId } from './rule-registry.ts'
import { runChecks } from './run-checks.ts'

export const checkUsage = `Usage: hypermock-api check <baseUrl> [options]

Runs the conventions' rules against a live server over HTTP: problem documents, validation,
idempotency, links, status codes, caching, rate limits. Read-only unless --allow-writes.
The credential goes to the base URL's origin only and is printed as $TOKEN.
Exit code: 0 every must rule passed (every rule with --strict), 1 a rule failed, 2 could not test.

Options:
      --token <t>             Bearer credential (or the HYPERMOCK_CHECK_TOKEN variable)
      --token-readonly <t>    a second credential that may read but not write (for 403)
      --openapi <url|file>    an OpenAPI description (JSON or YAML); default: the root's service-desc
      --paths <p,...>         collection paths to start from instead of the root's links
      --allow-writes          create, act on and delete records (each one deleted afterwards)
      --probe-rate-limit <n>  send up to n reads to provoke a 429
      --rules <id,...>        only these rules
      --exclude-rule <id,...> every rule but these
      --include-method <m,...> only these methods are sent by the rules (e.g. GET,HEAD);
                              a rule that needs another skips (discovery always reads)
      --seed <n>              the seed of generated-requests (default: a random one,
                              printed in the report so the run can be repeated)
      --generated-requests <n> how many requests generated-requests sends (default 20)
      --baseline <file>       accepted failures: reported as accepted, not failing the run;
                              a new failure still exits 1. The file is {"accepted":
                              [{"rule": "<id>", "note": "..."}]} or an earlier report.json
      --write-baseline <file> write this run's failures as a baseline file
      --strict                a skipped rule counts as a failure, should rules as must
      --report <json,junit>   also write report.json and junit.xml
      --report-dir <dir>      where reports go (default hypermock-check-report)
      --request-timeout <ms>  per request (default 5000)
  -h, --help                  show this help

Rules: ${ruleIds.join(', ')}`

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

function wholeNumber(
  name: string,
  value: string | undefined,
  problems: string[],
) {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value))
    problems.push(`${name} takes a whole number, got "${value}"`)
  return Number(value)
}

async function loadOpenApi(
  value: string,
): Promise<string | Record<string, unknown>> {
  if (/^https?:\/\//i.test(value)) return value
  try {
    const document = parseDescription(await readFile(value, 'utf8'))
    if (isObject(document)) return document
    throw new Error('it holds no OpenAPI object')
  } catch (error) {
    throw new CheckArgumentError([
      `--openapi could not read "${value}" as a JSON or YAML file: ${(error as Error).message}`,
    ])
  }
}

async function loadBaseline(file: string, problems: string[]) {
  try {
    return parseBaseline(
      JSON.parse(await readFile(file, 'utf8')) as unknown,
      `--baseline ${file}`,
    )
  } catch (error) {
    problems.push(
      `--baseline could not read "${file}": ${(error as Error).message}`,
    )
    return undefined
  }
}

/** The progress line: rewritten in place on a terminal, silent elsewhere (CI logs stay clean). */
function progress(stream: NodeJS.WriteStream) {
  if (!stream.isTTY) return () => {}
  return (event: CheckEvent) => {
    if (event.type === 'discovery:start')
      stream.write(`\r\u001b[2Kdiscovering ${event.url}…`)
    if (event.type === 'rule:start')
      stream.write(
        `\r\u001b[2K[${event.index + 1}/${event.total}] ${event.id}…`,
      )
    if (event.type === 'rule:end' && event.index + 1 === event.total)
      stream.write('\r\u001b[2K')
  }
}

/** `hypermock-api check <baseUrl>`: a thin layer over `runChecks`; sets the exit code 0, 1 or 2. */
export async function runCheck(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        token: { type: 'string' },
        'token-readonly': { type: 'string' },
        openapi: { type: 'string' },
        paths: { type: 'string' },
        'allow-writes': { type: 'boolean' },
        'probe-rate-limit': { type: 'string' },
        rules: { type: 'string' },
        'exclude-rule': { type: 'string', multiple: true },
        'include-method': { type: 'string', multiple: true },
        seed: { type: 'string' },
        'generated-requests': { type: 'string' },
        baseline: { type: 'string' },
        'write-baseline': { type: 'string' },
        strict: { type: 'boolean' },
        report: { type: 'string' },
        'report-dir': { type: 'string' },
        'request-timeout': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) return void console.log(checkUsage)
    const problems: string[] = []
    if (positionals.length !== 1)
      problems.push(
        `give one base URL, e.g. hypermock-api check http://127.0.0.1:8787/api (got ${positionals.length})`,
      )
    const reports = list(values.report)
    for (const kind of reports)
      if (kind !== 'json' && kind !== 'junit')
        problems.push(`--report takes json and/or junit, got "${kind}"`)
    const probeRateLimit = wholeNumber(
      '--probe-rate-limit',
      values['probe-rate-limit'],
      problems,
    )
    const requestTimeoutMs = wholeNumber(
      '--request-timeout',
      values['request-timeout'],
      problems,
    )
    const seed = wholeNumber('--seed', values.seed, problems)
    const generatedRequests = wholeNumber(
      '--generated-requests',
      values['generated-requests'],
      problems,
    )
    const baseline =
      values.baseline === undefined
        ? undefined
        : await loadBaseline(values.baseline, problems)
    const token = values.token ?? env.HYPERMOCK_CHECK_TOKEN
    const options: CheckOptions = {
      baseUrl: positionals[0] ?? '',
      allowWrites: values['allow-writes'] ?? false,
      strict: values.strict ?? false,
      paths: list(values.paths),
      rules: list(values.rules) as RuleId[],
      excludeRules: (values['exclude-rule'] ?? []).flatMap(list) as RuleId[],
      includeMethods: (values['include-method'] ?? []).flatMap(list),
      ...(seed !== undefined && { seed }),
      ...(generatedRequests !== undefined && { generatedRequests }),
      ...(baseline !== undefined && { baseline }),
      onEvent: progress(process.stderr),
      ...(token !== undefined && { token }),
      ...(values['token-readonly'] !== undefined && {
        tokenReadonly: values['token-readonly'],
      }),
      ...(values.openapi !== undefined && {
        openapi: await loadOpenApi(values.openapi),
      }),
      ...(probeRateLimit !== undefined && { probeRateLimit }),
      ...(requestTimeoutMs !== undefined && { requestTimeoutMs }),
    }
    // Every mistake at once: the command line's own and those runChecks would find.
    try {
      normalizeCheckOptions(options)
    } catch (error) {
      if (!(error instanceof CheckArgumentError)) throw error
      problems.push(...error.problems)
    }
    if (problems.length > 0) throw new CheckArgumentError(problems)
    const report = await runChecks(options)
    const colour = env.FORCE_COLOR
      ? env.FORCE_COLOR !== '0'
      : process.stdout.isTTY && !env.NO_COLOR
    console.log(formatConsoleReport(report, colour ? ansi : plain))
    if (reports.length > 0) {
      const dir = values['report-dir'] ?? 'hypermock-check-report'
      await mkdir(dir, { recursive: true })
      if (reports.includes('json'))
        await writeFile(
          path.join(dir, 'report.json'),
          `${JSON.stringify(report, null, 2)}\n`,
        )
      if (reports.includes('junit'))
        await writeFile(path.join(dir, 'junit.xml'), formatJunitReport(report))
      console.log(`Reports written to ${dir}${path.sep}`)
    }
    if (values['write-baseline'] !== undefined) {
      await writeFile(
        values['write-baseline'],
        `${JSON.stringify(baselineOf(report), null, 2)}\n`,
      )
      console.log(
        `Baseline of ${baselineOf(report).accepted.length} failure(s) written to ${values['write-baseline']}`,
      )
    }
    process.exitCode = report.exitCode
  } catch (error) {
    const known =
      error instanceof CheckArgumentError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    if (!known) throw error
    console.error(
      `hypermock-api check: ${(error as Error).message}\n\nRun "hypermock-api check --help" for the options.`,
    )
    process.exitCode = 2
  }
}
