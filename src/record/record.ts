import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { problemCatalogue } from '../mock-server/problems/catalogue.ts'
import { EmptyRecordingError } from './empty-recording-error.ts'
import type { Exchange } from './exchange.ts'
import { formatRecordReport } from './format-record-report.ts'
import { inferApi, type InferredApi } from './infer-api.ts'
import { redactExchanges, type Redaction } from './redact.ts'
import { writeDeclaration } from './write-declaration.ts'

export interface RecordOptions {
  /** Names of headers, query parameters and members that stay as recorded. */
  keep?: readonly string[]
  /** The origin to model when the exchanges reach several. @default the one most requests went to */
  origin?: string
  /** The API's name in the declaration. @default "Recorded from <origin>" */
  name?: string
}

export interface Recording {
  api: InferredApi
  redactions: Redaction[]
  /** The declaration module's source. */
  source: string
  seed: Record<string, unknown[]>
  report: string
}

/** Exchanges in, a declaration out: redacted first, then inferred, then written as source. */
export function recordExchanges(
  exchanges: readonly Exchange[],
  options: RecordOptions = {},
  seedFile = 'api.seed.json',
): Recording {
  const { exchanges: clean, redactions } = redactExchanges(exchanges, {
    keep: options.keep ?? [],
  })
  const api = inferApi(clean, {
    builtInProblems: new Set(Object.keys(problemCatalogue)),
    ...(options.origin !== undefined && { origin: options.origin }),
    ...(options.name !== undefined && { name: options.name }),
  })
  const { source, seed } = writeDeclaration(api, seedFile)
  const report = formatRecordReport(api, redactions, {
    exchanges: exchanges.length,
    files: [],
  })
  return { api, redactions, source, seed, report }
}

/**
 * Writes `api.ts`, `api.seed.json` and `record-report.txt` into a folder; returns their paths.
 * Traffic that shows no collection throws an `EmptyRecordingError` and writes nothing.
 */
export async function writeRecording(
  exchanges: readonly Exchange[],
  outDir: string,
  options: RecordOptions = {},
): Promise<{ files: string[]; report: string; recording: Recording }> {
  const recording = recordExchanges(exchanges, options, 'api.seed.json')
  if (recording.api.resources.length === 0)
    throw new EmptyRecordingError(exchanges.length, recording.api.notes)
  await mkdir(outDir, { recursive: true })
  const files = [
    path.join(outDir, 'api.ts'),
    path.join(outDir, 'api.seed.json'),
    path.join(outDir, 'record-report.txt'),
  ]
  const report = formatRecordReport(recording.api, recording.redactions, {
    exchanges: exchanges.length,
    files,
  })
  await writeFile(files[0]!, recording.source)
  await writeFile(files[1]!, `${JSON.stringify(recording.seed, null, 2)}\n`)
  await writeFile(files[2]!, `${report}\n`)
  return { files, report, recording }
}
