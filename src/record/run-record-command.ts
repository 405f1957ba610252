import { readFile, stat } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { CliError } from '../server/cli-error.ts'
import { EmptyRecordingError } from './empty-recording-error.ts'
import type { Exchange } from './exchange.ts'
import { harLimits, InvalidHarError, readHar } from './read-har.ts'
import { startRecordingProxy } from './recording-proxy.ts'
import { writeRecording, type RecordOptions } from './record.ts'

export const recordUsage = `Usage: hypermock-api record --har <file.har> [--out recorded]
       hypermock-api record --target <url> [--port 8788] [--host 127.0.0.1] [--out recorded]

Writes a declaration of your backend from its traffic: collections, items, schemas, the list's
envelope and paging, relations, states and their transitions, with the records it saw as seed rows.
Serve it with "hypermock-api serve --config <out>/api.ts". Credentials (Authorization, cookies,
API keys, token-like values) are replaced before anything is written; the report lists them.

Options:
      --har <file>         a HAR file: a browser's "Save all as HAR", Playwright's recordHar
      --target <url>       record through a proxy to this backend: point your app at the proxy,
                           use it, then press Ctrl+C to write the declaration
  -p, --port <n>           the proxy's port (default 8788; 0 for any free one)
      --host <host>        the proxy's interface (default 127.0.0.1; others print a warning)
      --max-entries <n>    exchanges the proxy keeps at most (default 10000)
  -o, --out <dir>          where api.ts, api.seed.json and record-report.txt go (default ./recorded)
      --keep <name,...>    header, query or member names to keep as recorded (not redacted)
      --origin <origin>    the origin to model when the traffic reaches several
      --name <name>        the API's name in the declaration
  -h, --help               show this help`

const list = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(',').map((s) => s.trim()))
    .filter(Boolean)

/** `hypermock-api record`: from a HAR file, or through a recording proxy until a signal. */
export async function runRecord(args: string[]): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        har: { type: 'string' },
        target: { type: 'string' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'max-entries': { type: 'string' },
        out: { type: 'string', short: 'o' },
        keep: { type: 'string', multiple: true },
        origin: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${recordUsage}`)
  }
  if (values.help) {
    console.log(recordUsage)
    return
  }
  if ((values.har === undefined) === (values.target === undefined))
    throw new CliError(
      `record needs either --har <file> or --target <url>, not ${values.har ? 'both' : 'neither'}.\n\n${recordUsage}`,
    )
  const out = values.out ?? 'recorded'
  const options: RecordOptions = {
    keep: list(values.keep),
    ...(values.origin !== undefined && { origin: values.origin }),
    ...(values.name !== undefined && { name: values.name }),
  }

  if (values.har !== undefined) {
    const file = values.har
    const info = await stat(file).catch(() => null)
    if (!info?.isFile())
      throw new CliError(`Failed to read the HAR ${file}: no such file.`)
    if (info.size > harLimits.maxBytes)
      throw new CliError(
        `Failed to read the HAR ${file}: it is ${info.size} bytes; at most ${harLimits.maxBytes} are read.`,
      )
    let exchanges
    try {
      exchanges = readHar(await readFile(file, 'utf8'))
    } catch (error) {
      if (error instanceof InvalidHarError)
        throw new CliError(`Failed to read the HAR ${file}: ${error.message}`)
      throw error
    }
    console.log(await written(exchanges, out, options))
    return
  }

  let target: URL
  try {
    target = new URL(values.target!)
  } catch {
    throw new CliError(
      `--target takes an absolute URL such as https://staging.example, got "${values.target}".`,
    )
  }
  const rawPort = values.port ?? '8788'
  if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65_535)
    throw new CliError(
      `--port must be a number from 0 to 65535, got "${rawPort}".`,
    )
  const rawMax = values['max-entries'] ?? '10000'
  if (!/^\d+$/.test(rawMax) || Number(rawMax) < 1)
    throw new CliError(
      `--max-entries must be a positive number, got "${rawMax}".`,
    )
  const host = values.host ?? '127.0.0.1'
  if (!/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(host))
    console.error(
      `hypermock-api: warning: listening on ${host} lets other machines send requests through the proxy, with your backend's answers recorded.`,
    )
  const proxy = await startRecordingProxy({
    target: target.href,
    port: Number(rawPort),
    host,
    maxEntries: Number(rawMax),
    onExchange: (e) =>
      console.log(`${e.method} ${e.url.pathname}${e.url.search} → ${e.status}`),
  })
  console.log(
    `Recording ${target.origin} through ${proxy.url}: point your app or tests at it, then press Ctrl+C to write ${out}/api.ts.`,
  )
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
  await proxy.close()
  if (proxy.dropped() > 0)
    console.error(
      `hypermock-api: ${proxy.dropped()} exchange(s) past --max-entries were forwarded but not recorded.`,
    )
  console.log(await written(proxy.exchanges, out, options))
}

/** The report of what was written; traffic with nothing to declare is a failure the user can fix. */
async function written(
  exchanges: Exchange[],
  out: string,
  options: RecordOptions,
): Promise<string> {
  try {
    return (await writeRecording(exchanges, out, options)).report
  } catch (error) {
    if (error instanceof EmptyRecordingError) throw new CliError(error.message)
    throw error
  }
}
