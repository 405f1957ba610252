import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * V8 made deterministic: compilation and GC on the main thread, fixed seeds, and no collection
 * timed by the clock (the memory reducer's idle collections, a GC schedule of its own). Without the
 * last two, a server's count per request varied by up to 9% on a loaded machine (its requests
 * spread over more seconds, and so over more timed collections); with them, by about 2%.
 */
const PREDICTABLE = [
  '--predictable',
  '--random-seed=1',
  '--hash-seed=1',
  '--no-memory-reducer',
  '--predictable-gc-schedule',
]

export async function hasValgrind() {
  try {
    await run('valgrind', ['--version'])
    return true
  } catch {
    return false
  }
}

/** Instructions a Node script executes from start to exit, counted by valgrind's callgrind. */
export async function instructions(script: string, args: readonly string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'hypermock-callgrind-'))
  try {
    const { stderr } = await run(
      'valgrind',
      [
        '--tool=callgrind',
        `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
        process.execPath,
        ...PREDICTABLE,
        script,
        ...args,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    )
    const match = /Collected : (\d+)/.exec(stderr)
    if (!match) throw new Error(`callgrind printed no count:\n${stderr}`)
    return Number(match[1])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Instructions per unit of work: the script run with `short` and `long` units after the same
 * warm-up; start-up, loading and warm-up cancel out in the difference.
 */
export async function instructionsPerUnit(
  script: string,
  args: readonly string[],
  short: number,
  long: number,
) {
  const [few, many] = await Promise.all([
    instructions(script, [...args, String(short)]),
    instructions(script, [...args, String(long)]),
  ])
  return (many - few) / (long - short)
}

/**
 * Instructions a server script executes from start to exit while it answers `requests` requests
 * sent one after the other on one kept-alive connection (the client runs outside callgrind). The
 * script reports `{ url }` over IPC once it listens and exits when sent `exit`.
 */
export async function serverInstructions(
  script: string,
  args: readonly string[],
  send: (url: string) => Promise<void>,
) {
  const dir = await mkdtemp(join(tmpdir(), 'hypermock-callgrind-'))
  try {
    const child = spawn(
      'valgrind',
      [
        '--tool=callgrind',
        `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
        process.execPath,
        ...PREDICTABLE,
        script,
        ...args,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        // One connection for the whole run, however long a request takes (keep-alive.ts).
        env: { ...process.env, BENCH_KEEP_ALIVE: 'forever' },
      },
    )
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = once(child, 'exit')
    const [message] = (await Promise.race([
      once(child, 'message'),
      exited.then(() => {
        throw new Error(`the server under callgrind exited early:\n${stderr}`)
      }),
    ])) as [{ url: string }]
    await send(message.url)
    child.send('exit')
    await exited
    const match = /Collected : (\d+)/.exec(stderr)
    if (!match) throw new Error(`callgrind printed no count:\n${stderr}`)
    return Number(match[1])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
