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
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
  }

  export default function autocannon(options: Options): Promise<Result>
}
