import { describe, expect, it } from 'vitest'
import { CliError } from '../cli-error.ts'
import { loadSdk } from './load-sdk.ts'

const failing = (code: string) => () =>
  Promise.reject(
    Object.assign(
      new Error(`Cannot find package '@modelcontextprotocol/sdk'`),
      {
        code,
      },
    ),
  )

describe('loadSdk', () => {
  it('names the package to install when the SDK is missing', async () => {
    const error = await loadSdk(failing('ERR_MODULE_NOT_FOUND')).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(CliError)
    expect((error as Error).message).toContain(
      'npm install --save-dev @modelcontextprotocol/sdk',
    )
  })

  it('lets any other failure through as it is', async () => {
    await expect(loadSdk(failing('EACCES'))).rejects.toThrow(
      /Cannot find package/,
    )
  })

  it('loads the installed SDK', async () => {
    const sdk = await loadSdk()
    expect(typeof sdk.McpServer).toBe('function')
    expect(typeof sdk.StdioServerTransport).toBe('function')
  })
})
