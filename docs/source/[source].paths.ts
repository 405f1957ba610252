import { testsPage } from '../.vitepress/test-pages.ts'

// The tests the pages name, on one page: /source/tests (VitePress's dynamic routes).
export default {
  paths: () => [{ params: { source: 'tests' }, content: testsPage() }],
}
