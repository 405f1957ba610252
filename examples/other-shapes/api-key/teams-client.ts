/** The app's client for the teams API, on ky: the key and the tenant go on every request. */
import ky from 'ky'

export interface Team {
  id: number
  name: string
  description: string | null
  summary: string
}

export interface TeamPage {
  teams: Team[]
  offset: number
  limit: number
  total: number
  more: boolean
}

export function teamsClient(baseUrl: string, apiKey: string, tenant: string) {
  const api = ky.create({
    baseUrl: `${baseUrl}/`,
    headers: {
      Authorization: `Token token=${apiKey}`,
      'X-Tenant-Id': tenant,
    },
    retry: 0,
  })
  return {
    page: (offset: number, limit: number) =>
      api.get('teams', { searchParams: { offset, limit } }).json<TeamPage>(),
    /** Every team, a page at a time, until the API says there are no `more`. */
    async all(limit = 25) {
      const teams: Team[] = []
      for (let offset = 0; ; offset += limit) {
        const page = await api
          .get('teams', { searchParams: { offset, limit } })
          .json<TeamPage>()
        teams.push(...page.teams)
        if (!page.more) return teams
      }
    },
    async create(team: { name: string; description?: string }) {
      const body = await api
        .post('teams', { json: { team } })
        .json<{ team: Team }>()
      return body.team
    },
    async rename(team: Team, name: string) {
      const { id, ...rest } = team
      const body = await api
        .put(`teams/${id}`, { json: { team: { ...rest, name } } })
        .json<{ team: Team }>()
      return body.team
    },
  }
}
