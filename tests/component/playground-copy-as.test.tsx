import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { CopyAsButtons } from '../../src/playground/components/copy-as-buttons.tsx'

const request = () => ({ method: 'GET', path: '/api/rooms' })

/** The page as `hypermock-api serve --playground` writes it: the connection in a meta tag. */
function servedByServer() {
  const meta = document.createElement('meta')
  meta.name = 'hypermock-server'
  meta.content = JSON.stringify({ basePath: '/api', controlPath: '/__mock' })
  document.head.append(meta)
}

afterEach(() => {
  document.head.querySelector('meta[name="hypermock-server"]')?.remove()
})

async function copyAsCurl() {
  const user = userEvent.setup()
  render(<CopyAsButtons request={request} />)
  await user.click(screen.getByRole('button', { name: 'Copy as curl' }))
  await screen.findByText(/^Copied as curl/)
  return navigator.clipboard.readText()
}

describe('Copy as curl', () => {
  test('on a page the server serves, aims at that server’s origin and says curl reaches it', async () => {
    servedByServer()
    const copied = await copyAsCurl()
    expect(copied).toBe(`curl -i -X GET '${window.location.origin}/api/rooms'`)
    expect(copied).not.toContain('8787')
    const button = screen.getByRole('button', { name: 'Copy as curl' })
    expect(button).toHaveAccessibleDescription(/curl reaches this mock/)
    expect(button).not.toHaveAccessibleDescription(/cannot/)
  })

  test('in a service-worker playground, says curl cannot reach the mock and where the copy goes', async () => {
    const copied = await copyAsCurl()
    expect(copied).toBe("curl -i -X GET 'http://127.0.0.1:8787/api/rooms'")
    const button = screen.getByRole('button', { name: 'Copy as curl' })
    expect(button).toHaveAccessibleDescription(/curl cannot reach this mock/)
    expect(button).toHaveAccessibleDescription(/npx hypermock-api serve/)
  })
})
