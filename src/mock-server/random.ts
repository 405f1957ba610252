/** A seedable random source (mulberry32): the same seed gives the same faults on every run. */
export interface RandomSource {
  next(): number
  reseed(seed: number): void
}

export function createRandom(seed: number): RandomSource {
  let state = seed >>> 0
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
    },
    reseed(next) {
      state = next >>> 0
    },
  }
}
