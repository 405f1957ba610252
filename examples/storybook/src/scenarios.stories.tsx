import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ScenarioId } from 'hypermock-api/shop'
import type { HypermockParameters } from 'hypermock-api/storybook'
import { ScenarioPlayer } from './scenario-player.tsx'

// One story per built-in scenario: the player runs the scenario's steps, and the story's mock
// starts from the seed data with the scenario applied (`parameters.hypermock.scenario`).
const meta = {
  title: 'Scenarios',
  component: ScenarioPlayer,
} satisfies Meta<typeof ScenarioPlayer>

export default meta
type Story = StoryObj<typeof meta>

const scenario = (id: ScenarioId): Story => ({
  args: { scenario: id },
  parameters: { hypermock: { scenario: id } satisfies HypermockParameters },
})

export const HappyPath = scenario('happy-path')
export const FlakyPayments = scenario('flaky-payments')
export const RateLimited = scenario('rate-limited')
export const LostResponse = scenario('lost-response')
export const HungRequest = scenario('hung-request')
export const InsufficientFunds = scenario('insufficient-funds')
export const ValidationErrors = scenario('validation-errors')
export const ExpiredToken = scenario('expired-token')
export const EditConflict = scenario('edit-conflict')
export const StaleLink = scenario('stale-link')
