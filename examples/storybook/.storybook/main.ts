import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  // mockServiceWorker.js, written by `hypermock-api init public` for the msw installed here.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
}

export default config
