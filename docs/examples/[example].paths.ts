import { examplePage, exampleProjects } from '../.vitepress/example-pages.ts'

// One page per example project: /examples/<name> (VitePress's dynamic routes).
export default {
  paths: () =>
    exampleProjects().map((example) => ({
      params: { example },
      content: examplePage(example),
    })),
}
