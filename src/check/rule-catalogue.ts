import type { RuleId, RuleLevel } from './check-types.ts'
import { rules } from './rules/index.ts'

/** What each rule checks and where it comes from, for docs and `--help`. */
export const ruleCatalogue: readonly {
  id: RuleId
  level: RuleLevel
  source: string
  title: string
}[] = rules.map(({ id, level, source, title }) => ({
  id,
  level,
  source,
  title,
}))
