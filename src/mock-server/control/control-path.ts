/** Where the control API lives, whatever the API's `basePath`: the one place this path is written. */
export const CONTROL_PATH = '/__mock'

export const isControlPath = (path: string) =>
  path === CONTROL_PATH || path.startsWith(`${CONTROL_PATH}/`)
