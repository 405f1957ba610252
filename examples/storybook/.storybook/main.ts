import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  // The story's mock behind msw's worker, and the "hypermock" panel in the addon bar.
  addons: ['hypermock-api/storybook'],
  // mockServiceWorker.js, written by `hypermock-api init public` for the msw installed here.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
}

export default config
