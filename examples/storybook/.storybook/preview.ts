import type { Preview } from '@storybook/react-vite'
import { shopApi } from 'hypermock-api/shop'
import type { HypermockParameters } from 'hypermock-api/storybook'

// Every story talks to a mock of the built-in shop, reset before each story; a story's own
// `parameters.hypermock` (a scenario, rows, faults, a clock) says how its mock starts.
const preview: Preview = {
  parameters: { hypermock: { api: shopApi } satisfies HypermockParameters },
}

export default preview
