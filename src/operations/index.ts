export { buildOperations } from './build-operations.ts'
export { operationsJsonSchema } from './operations-json-schema.ts'
export { graphqlLabel } from './operation.ts'
export type {
  Attempt,
  Grouping,
  Operation,
  Verdict,
  VerdictId,
  Wait,
} from './operation.ts'
