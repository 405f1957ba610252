let enabled: Promise<void> | undefined

/**
 * The loaders' `fetch` answered by the dev server's mock, in-process (msw's network in Vite's
 * server environment, with hypermock's handlers). Development only: `react-router build` drops it.
 */
export function enableMock(): Promise<void> {
  if (!import.meta.env.DEV) return Promise.resolve()
  enabled ??= (async () => {
    const { network } = await import('virtual:msw')
    const { handlers } = await import('virtual:hypermock')
    network.configure({ handlers })
    await network.enable()
  })()
  return enabled
}
