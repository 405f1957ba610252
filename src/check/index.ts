export { runChecks } from './run-checks.ts'
export { exitCodeFor } from './exit-code.ts'
export { CheckArgumentError } from './check-argument-error.ts'
export { ruleIds, type RuleId } from './rule-registry.ts'
export { ruleCatalogue } from './rule-catalogue.ts'
export { formatConsoleReport } from './format-console-report.ts'
export { formatJunitReport } from './format-junit-report.ts'
export { curlLine } from './curl-line.ts'
export { parseBaseline, baselineOf, type Baseline } from './baseline.ts'
export type { CheckOptions, Sleep } from './check-options.ts'
export type {
  CheckEvent,
  CheckReport,
  CleanupResult,
  CreateBodyRecord,
  WriteRecord,
  DiscoverySummary,
  Evidence,
  RecordedRequest,
  RecordedResponse,
  RuleLevel,
  RuleResult,
  RuleStatus,
} from './check-types.ts'
