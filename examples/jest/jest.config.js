/** @type {import('jest').Config} */
export default {
  // jsdom with Node's fetch, Request, AbortSignal and streams, which msw and the client need.
  testEnvironment: 'jest-fixed-jsdom',
  // Our own files are ES modules (Babel only strips types and JSX); packages load as they are.
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
}
