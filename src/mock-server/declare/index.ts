/**
 * The declaration API: what an app writes to describe its own resources. The engine's public entry
 * (and so the package's root) re-exports all of it.
 */
export { defineApi, defineResource } from './define-api.ts'
export {
  InvalidDeclarationError,
  isInvalidDeclarationError,
} from './check-declaration.ts'
export type {
  ActionContext,
  AnswerOperation,
  AnyRecord,
  ApiDeclaration,
  CreateDeclaration,
  DataAccess,
  DataHandles,
  FieldOf,
  Id,
  Infer,
  InputContext,
  ItemContext,
  ItemRouteContext,
  ItemRouteDeclaration,
  Link,
  NestedCollection,
  ParentDeclaration,
  HandlerContext,
  OperationContext,
  OperationDeclaration,
  RouteDeclaration,
  OwnerKey,
  ProblemDeclaration,
  ProblemOptions,
  RecordOf,
  ScenarioIdOf,
  SearchDeclaration,
  Relation,
  ReplaceDeclaration,
  UpsertDeclaration,
  ResourceDeclaration,
  Schema,
  SeedContext,
  StateDeclaration,
  TableHandle,
  TokenDeclaration,
  TokenEntryDeclaration,
  Transition,
} from './types.ts'
export type {
  Dialect,
  KeyDialect,
  KeyGeneration,
  ListEnvelope,
  PagingDialect,
  PagingParams,
  PagingStyle,
} from './dialect.ts'
export type {
  ApiKeyAuth,
  AuthDeclaration,
  PatchDeclaration,
  PatchMediaType,
} from './dialect-auth.ts'
export type { FieldError } from '../validation/validate.ts'
export type { Scenario, ScenarioStep } from '../scenarios/scenario-schema.ts'
