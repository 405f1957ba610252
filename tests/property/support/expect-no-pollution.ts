const prototypes = [Object.prototype, Array.prototype, Function.prototype]

function fingerprint() {
  return prototypes.map((proto) =>
    Reflect.ownKeys(proto).map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)
      return [key, descriptor?.value ?? descriptor?.get] as const
    }),
  )
}

/** Takes a picture of the built-in prototypes; the returned function asserts nothing changed since. */
export function watchPrototypes() {
  const before = fingerprint()
  return function expectNoPollution() {
    const probe: Record<string, unknown> = {}
    if (probe.polluted !== undefined || 'polluted' in probe)
      throw new Error('prototype pollution: ({}).polluted is defined')
    const after = fingerprint()
    after.forEach((keys, index) => {
      const was = before[index]!
      if (
        keys.length !== was.length ||
        keys.some(
          ([key, value], i) => was[i]?.[0] !== key || was[i]?.[1] !== value,
        )
      )
        throw new Error(
          `prototype pollution: ${prototypes[index]!.constructor.name}.prototype changed`,
        )
    })
  }
}
