import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// `findBy…` waits up to 5 s rather than 1: a first render on a busy CI machine can take longer.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())
