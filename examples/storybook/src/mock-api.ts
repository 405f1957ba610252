import { createMockApi } from 'hypermock-api'

/** One mock for the whole Storybook page, behind the service worker; each story resets it. */
export const api = createMockApi()
