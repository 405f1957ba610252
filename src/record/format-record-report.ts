import {
  authWords,
  type InferredApi,
  type InferredResource,
} from './infer-api.ts'
import type { Redaction } from './redact.ts'

/** What was inferred from which exchanges, what was left out and why, and what was redacted. */
export function formatRecordReport(
  api: InferredApi,
  redactions: readonly Redaction[],
  counts: { exchanges: number; files: readonly string[] },
): string {
  const lines = [
    `Recorded ${counts.exchanges} exchange(s) from ${api.origin}: ${api.resources.length} resource(s) under ${api.base}${api.auth === false ? ', no credential' : `, ${authWords(api.auth)} (any credential is let in)`}.`,
    '',
  ]
  for (const r of api.resources) {
    const ops = [
      'list',
      'read',
      r.createInput ? `create (${r.createStatus})` : null,
      r.replaceStatus !== null ? `replace (${r.replaceStatus})` : null,
      r.patch
        ? `merge patch${r.patchTypes.length > 0 ? ` (sent as ${r.patchTypes.join(', ')})` : ''}`
        : null,
      r.deleteStatus !== null ? `delete (${r.deleteStatus})` : null,
      ...(r.state?.transitions.map(
        (t) => `${t.name}: ${t.from.join('|')} → ${t.to} (${t.samples} seen)`,
      ) ?? []),
    ].filter(Boolean)
    lines.push(
      `${r.name}: from ${r.exchanges} exchange(s), ${r.record.count} record sample(s), ${r.seed.length} seed row(s); ids ${r.idKind}`,
      `  fields: ${[...r.record.members].map(([k, m]) => (m.present < r.record.count ? `${k}?` : k)).join(', ')}`,
      `  operations: ${ops.join(', ')}`,
    )
    lines.push(`  key: ${keyWords(r)}`)
    if (r.list)
      lines.push(
        `  list: ${
          typeof r.list.envelope === 'string'
            ? r.list.envelope
            : `{ ${Object.entries(r.list.envelope)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')} }`
        }, ${r.list.paging} paging${
          Object.keys(r.list.params).length > 0
            ? ` (${Object.entries(r.list.params)
                .map(([k, v]) => `${k}=${v}`)
                .join(', ')})`
            : ''
        }${r.list.unpaged ? '; a bare array when no paging parameter is sent' : ''}${r.list.dropped.length > 0 ? `; not reproduced: ${r.list.dropped.join(', ')}` : ''}`,
      )
    if (r.relations.length > 0)
      lines.push(
        `  relations: ${r.relations.map((rel) => `${rel.field} → ${rel.to}${rel.nested ? ' (nested list)' : ''}`).join(', ')}`,
      )
    if (r.filters.length > 0) lines.push(`  filters: ${r.filters.join(', ')}`)
  }
  if (api.notes.length > 0) {
    lines.push('', 'Left out, and why:')
    for (const note of api.notes) lines.push(`  - ${note}`)
  }
  lines.push('', 'Redacted before anything was written (values never shown):')
  if (redactions.length === 0) lines.push('  nothing looked like a credential')
  for (const r of redactions)
    lines.push(`  - ${r.where} ${r.name}: ${r.count} time(s)`)
  if (counts.files.length > 0)
    lines.push('', `Wrote ${counts.files.join(', ')}.`)
  return lines.join('\n')
}

/** Which member keys a resource's records, who makes a new key, and the evidence. */
function keyWords(r: InferredResource): string {
  const { member, inferred, madeBy, prefix } = r.key
  const kind = prefix !== undefined ? `strings beginning ${prefix}` : r.idKind
  const maker =
    madeBy === 'client'
      ? inferred?.clientEvidence === 'put'
        ? ', given by the client (a PUT created the record)'
        : ', given by the client in its create'
      : madeBy === 'server'
        ? ', made by the server'
        : ''
  if (!inferred)
    return `${member} (${kind}${maker}), as by default: no item request was recorded`
  if (inferred.fallback)
    return `${member} (${kind}), as by default: no member equals the path segment in every item request${
      inferred.nearest
        ? ` (${inferred.nearest.member} in ${inferred.nearest.matched} of ${inferred.requests})`
        : ''
    }`
  const others =
    inferred.others.length > 0
      ? `; ${inferred.others.join(', ')} equalled it too, but ${member === 'id' ? 'id is preferred' : `${member} comes first and no two records share it`}`
      : ''
  return `${member} (${kind}${maker}): equals the path segment in ${inferred.matched} of ${inferred.requests} item request(s)${others}`
}
