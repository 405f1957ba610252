import type { ResolvedOptions } from './options.ts'

/** Whether a URL is the API's or the control API's: what an adapter hands to an instance. */
export function ownsUrl(
  where: Pick<ResolvedOptions, 'basePath' | 'controlPath' | 'origin' | 'api'>,
  url: URL,
) {
  const { basePath, controlPath, origin } = where
  const path = url.pathname
  if (path === controlPath || path.startsWith(`${controlPath}/`)) return true
  if (origin !== '' && url.origin !== origin) return false
  if (basePath !== '')
    return path === basePath || path.startsWith(`${basePath}/`)
  // At the root of an origin it shares with an app, the API owns only the paths it serves.
  return origin !== '' || where.api.matches(path)
}
