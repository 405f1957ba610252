import { describe, expect, it } from 'vitest'
import { reachableUrl } from './reachable-url.ts'

const reached = (url: string, allowed: readonly string[] | 'all' = []) =>
  'url' in reachableUrl(url, allowed, '--url')

describe('reachableUrl', () => {
  it('reaches hosts on this machine', () => {
    for (const url of [
      'http://127.0.0.1:8787',
      'http://127.3.4.5:1',
      'http://localhost:8787/api',
      'http://app.localhost:3000',
      'http://[::1]:8787',
    ])
      expect(reached(url), url).toBe(true)
  })

  it('refuses other hosts, private addresses and look-alikes included', () => {
    for (const url of [
      'http://example.com',
      'http://10.0.0.7:8787',
      'http://192.168.1.2',
      'http://0.0.0.0:8787',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
    ])
      expect(reached(url), url).toBe(false)
  })

  it('reaches a host the user opened, as serve --allowed-hosts takes them', () => {
    expect(reached('http://mock.internal:8787', ['mock.internal'])).toBe(true)
    expect(reached('https://api.staging.example', ['.staging.example'])).toBe(
      true,
    )
    expect(reached('https://staging.example', ['.staging.example'])).toBe(true)
    expect(reached('https://evilstaging.example', ['.staging.example'])).toBe(
      false,
    )
    expect(reached('http://anything.example', 'all')).toBe(true)
  })

  it('refuses what is not an http URL, and credentials in the URL', () => {
    expect(reachableUrl('file:///etc/passwd', [], 'url')).toEqual({
      error: 'url must be an http: or https: URL, got "file:///etc/passwd".',
    })
    expect(reached('127.0.0.1:8787')).toBe(false)
    expect(reached('http://user:pw@127.0.0.1:8787')).toBe(false)
  })
})
