/** Where the control API lives by default, whatever the API's base: the one place this path is written. */
export const CONTROL_PATH = '/__mock'

export const isControlPath = (path: string, controlPath = CONTROL_PATH) =>
  path === controlPath || path.startsWith(`${controlPath}/`)
