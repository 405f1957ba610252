import { setupWorker, type SetupWorker } from 'msw/browser'
import type { MockApi } from '../index.ts'
import { createHandlers } from './handlers.ts'

/** The mock a switching worker hands its requests to now; `undefined` hands none. */
export type CurrentMock = () =>
  | Pick<MockApi, 'fetch' | 'owns' | 'origin'>
  | undefined

/**
 * msw's service worker with one set of handlers in front of whichever mock `current` names when a
 * request comes: Storybook's page shows one story at a time, each with its own mock. A request is
 * the mock's when its URL is under the mock's base, at the base's host or else the page's origin;
 * every other request (the stories' files, other hosts) goes to the network untouched.
 */
export async function startSwitchingWorker(
  current: CurrentMock,
): Promise<SetupWorker> {
  const owns = (url: URL) => {
    const mock = current()
    if (!mock?.owns(url)) return false
    return mock.origin === ''
      ? url.origin === globalThis.location?.origin
      : url.origin === mock.origin
  }
  const worker = setupWorker(
    ...createHandlers(
      {
        owns,
        fetch: (request) =>
          current()?.fetch(request) ?? Promise.resolve(Response.error()),
      },
      { origins: '*' },
    ),
  )
  // msw 3 reads `onUnhandledFrame`, msw 2 `onUnhandledRequest`; each ignores the other's name.
  await worker.start({
    onUnhandledFrame: 'bypass',
    onUnhandledRequest: 'bypass',
    quiet: true,
  } as Parameters<SetupWorker['start']>[0])
  return worker
}
