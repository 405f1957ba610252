/** The slice of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p97_5: number
    p99: number
  }

  export interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface RequestSpec {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    /** Called before each send; returns the request to send. */
    setupRequest?: (request: RequestSpec, context: object) => RequestSpec
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: RequestSpec[]
  }

  export default function autocannon(options: Options): Promise<Result>
}
