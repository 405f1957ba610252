import { JsonView } from '../../components/json-view.tsx'
import { reasonPhrase } from '../../components/reason-phrase.ts'
import {
  deref,
  isObject,
  schemaExample,
  schemaFields,
  schemaText,
  type Json,
} from './schema-text.ts'

/** The description's prose marks code with backticks (CommonMark); show it as code. */
export function Prose({ text }: { text: string }) {
  return text
    .split('`')
    .map((part, index) =>
      index % 2 === 1 ? <code key={index}>{part}</code> : part,
    )
}

/** The one media type of a request body or response, and its schema. */
function contentOf(node: Json): { type: string; schema: unknown } | null {
  const content = isObject(node.content) ? node.content : {}
  const [type, media] = Object.entries(content)[0] ?? []
  if (type === undefined || !isObject(media)) return null
  return { type, schema: media.schema }
}

function SchemaBlock({
  doc,
  schema,
  title,
}: {
  doc: Json
  schema: unknown
  title: string
}) {
  const fields = schemaFields(doc, schema)
  const example = schemaExample(doc, schema)
  return (
    <>
      <p>
        Schema: <code>{schemaText(doc, schema)}</code>
      </p>
      {fields.length > 0 && (
        <details>
          <summary>Fields of {title}</summary>
          <div className="table-scroll">
            <table className="ref-fields">
              <caption className="visually-hidden">Fields of {title}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">Required</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">
                      <code>{field.name}</code>
                    </th>
                    <td>
                      <code>{field.type}</code>
                      {field.description && (
                        <div className="muted">{field.description}</div>
                      )}
                    </td>
                    <td>{field.required ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {example !== undefined && (
        <JsonView value={example} label={`Example of ${title}`} />
      )}
    </>
  )
}

/**
 * One operation as Swagger UI opens it: its parameters, its request body's schema and example,
 * and each response with its description, schema and example, all read from the description.
 */
export function OperationDetails({
  doc,
  operation,
  name,
}: {
  doc: Json
  operation: Json
  /** `POST /api/orders`: names the tables and examples. */
  name: string
}) {
  const parameters = (
    Array.isArray(operation.parameters) ? operation.parameters : []
  ).map((parameter) => deref(doc, parameter))
  const body = isObject(operation.requestBody)
    ? contentOf(deref(doc, operation.requestBody))
    : null
  const responses = isObject(operation.responses) ? operation.responses : {}
  return (
    <div className="ref-details">
      {typeof operation.description === 'string' && (
        <p>
          <Prose text={operation.description} />
        </p>
      )}
      <h4>Parameters</h4>
      {parameters.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <div className="table-scroll">
          <table className="ref-fields">
            <caption className="visually-hidden">Parameters of {name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => (
                <tr key={`${String(parameter.in)} ${String(parameter.name)}`}>
                  <th scope="row">
                    <code>{String(parameter.name)}</code>
                    {parameter.required === true && (
                      <span className="ref-required"> required</span>
                    )}
                  </th>
                  <td>{String(parameter.in)}</td>
                  <td>
                    <code>{schemaText(doc, parameter.schema)}</code>
                    {parameter.example !== undefined && (
                      <div className="muted">
                        example <code>{JSON.stringify(parameter.example)}</code>
                      </div>
                    )}
                  </td>
                  <td>
                    <Prose text={String(parameter.description ?? '')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Request body</h4>
      {body ? (
        <>
          <p className="muted">
            <code>{body.type}</code>
          </p>
          <SchemaBlock
            doc={doc}
            schema={body.schema}
            title={`the request body of ${name}`}
          />
        </>
      ) : (
        <p className="muted">None.</p>
      )}
      <h4>Responses</h4>
      <ul className="ref-responses">
        {Object.entries(responses).map(([status, raw]) => {
          const response = deref(doc, raw)
          const content = contentOf(response)
          return (
            <li key={status}>
              <p>
                <span className={`status-badge status-${status.charAt(0)}xx`}>
                  {status}
                </span>{' '}
                <strong>{reasonPhrase(Number(status))}</strong>{' '}
                <Prose text={String(response.description ?? '')} />
              </p>
              {content && (
                <SchemaBlock
                  doc={doc}
                  schema={content.schema}
                  title={`the ${status} response of ${name}`}
                />
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
