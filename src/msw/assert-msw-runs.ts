/**
 * msw 3 needs Node 22.12 or newer; on Node 20 it fails only later, as an opaque "fetch failed".
 * Say so up front, with the two ways out.
 */
export function assertMswRuns(mswVersion: string, nodeVersion: string) {
  const [mswMajor = 0] = mswVersion.split('.').map(Number)
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number)
  if (mswMajor >= 3 && (major < 22 || (major === 22 && minor < 12)))
    throw new Error(
      `Failed to set up the mock server: msw ${mswVersion} needs Node.js 22.12 or newer, and this is Node.js ${nodeVersion}. Upgrade Node.js (22.12+ or 24), or install msw 2 (npm install -D msw@^2.12), which hypermock-api supports on Node 20.19+.`,
    )
}
