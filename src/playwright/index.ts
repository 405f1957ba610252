export { expect } from '@playwright/test'
export {
  test,
  mockTest,
  type MockMode,
  type MockTestType,
  type MockTestOptions,
  type MockWorkerOptions,
} from './mock-test.ts'
export {
  mockHandle,
  type ControlTransport,
  type MockHandle,
} from './mock-handle.ts'
