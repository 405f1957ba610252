import { act, renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { MockApi, MockEvent } from '../../index.ts'
import { useMockValue } from './use-mock-value.ts'

/** A mock's page side whose state reads `snapshot`, with the listeners it holds. */
function mockStandIn(
  snapshot: (listeners: Set<(event: MockEvent) => void>) => number,
) {
  const listeners = new Set<(event: MockEvent) => void>()
  const api = {
    subscribe(listener: (event: MockEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    state: { snapshot: () => snapshot(listeners) },
  }
  return { api: api as unknown as MockApi, listeners }
}

/**
 * A stand-in for a shared mock's page side: reading the state hands back the copy held in the
 * page and, when that copy is behind, asks for a fresh one, which arrives as a `state` event.
 */
function sharedMockStandIn() {
  let held = 30
  const fresh = 31
  return mockStandIn((listeners) => {
    const copy = held
    if (held !== fresh) {
      // The fresh copy lands before the component has subscribed.
      held = fresh
      for (const listener of listeners) listener({ type: 'state' } as MockEvent)
    }
    return copy
  })
}

const readRows = (api: MockApi) => api.state.snapshot() as unknown as number

it('shows the value a read asked for, when it arrived before the view subscribed', async () => {
  const { api, listeners } = sharedMockStandIn()
  const { result } = renderHook(() => useMockValue(api, ['state'], readRows))
  await act(async () => {})
  expect(listeners.size).toBe(1)
  expect(result.current).toBe(31)
})

it('reads an unchanged value once, however large, and keeps one listener', async () => {
  let reads = 0
  const { api, listeners } = mockStandIn(() => {
    reads += 1
    return 30
  })
  const { result } = renderHook(() => useMockValue(api, ['state'], readRows))
  await act(async () => {})
  expect(result.current).toBe(30)
  expect(reads).toBe(1)
  expect(listeners.size).toBe(1)

  // An event it reads on: read again. One it does not: the value stands.
  await act(async () => {
    for (const listener of listeners) listener({ type: 'state' } as MockEvent)
  })
  expect(reads).toBe(2)
  await act(async () => {
    for (const listener of listeners) listener({ type: 'faults' } as MockEvent)
  })
  expect(reads).toBe(2)
})
