import { apiReference, undocumentedExports } from './api-reference.ts'

// `node docs/.vitepress/undocumented-exports.ts`: per package entry, the exports without TSDoc,
// whose pages in the API reference show only their types.
const project = await apiReference({ write: false })
for (const [entry, names] of Object.entries(undocumentedExports(project)))
  console.log(`${entry} (${names.length}): ${names.join(', ') || '-'}`)
