import type { Schema } from '../mock-server/declare/types.ts'
import {
  ajvStandardSchema,
  type DescriptionValidator,
} from './ajv-standard-schema.ts'

// No `properties`: a member sent is "not a known member", with no list of members to name.
const NONE = { type: 'object', additionalProperties: false }

/**
 * The body of a write its description documents none for (`POST
 * /orgs/{org}/actions/runners/registration-token`): none at all, or `{}`. Each member sent is
 * refused by name, in one 422; the record is made from its schema alone.
 */
export function noBody(validator: DescriptionValidator): Schema {
  return ajvStandardSchema(() => validator(NONE), {
    json: { ...NONE, properties: {} },
  })
}
