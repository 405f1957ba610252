import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()

/**
 * The commit the bench compares this checkout with: `--base <rev>` when given, else where this
 * branch left `main` (`git merge-base HEAD main`), so a branch is measured against the main it
 * started from. Null when there is no such commit (no git, no `main`).
 */
export function baseCommit(rev: string | undefined): string | null {
  try {
    return rev === undefined
      ? git('merge-base', 'HEAD', 'main')
      : git('rev-parse', '--verify', `${rev}^{commit}`)
  } catch {
    return null
  }
}

/**
 * A copy of the repository at `commit` to run beside this checkout, in the system's temporary
 * folder: the commit's files (`git archive`) with this checkout's `node_modules` linked in, so both
 * sides run the same dependencies and only the project's code differs. Kept between runs (a
 * folder per commit, moved into place once complete).
 */
export function checkoutOf(commit: string): string {
  const dir = join(tmpdir(), `hypermock-bench-base-${commit.slice(0, 12)}`)
  if (existsSync(join(dir, 'package.json'))) return dir
  const partial = `${dir}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  mkdirSync(partial, { recursive: true })
  try {
    const archive = join(partial, '.archive.tar')
    git('archive', '--format=tar', `--output=${archive}`, commit)
    execFileSync('tar', ['-xf', archive, '-C', partial])
    rmSync(archive)
    symlinkSync(
      realpathSync(join(ROOT, 'node_modules')),
      join(partial, 'node_modules'),
    )
    renameSync(partial, dir)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw error
  }
  return dir
}
