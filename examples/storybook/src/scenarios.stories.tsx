import type { Meta, StoryObj } from '@storybook/react-vite'
import { ScenarioPlayer } from './scenario-player.tsx'

// One story per built-in scenario. `.storybook/preview.ts` applies `args.scenario` to the mock
// before each story renders, so every story starts from the seed data.
const meta = {
  title: 'Scenarios',
  component: ScenarioPlayer,
} satisfies Meta<typeof ScenarioPlayer>

export default meta
type Story = StoryObj<typeof meta>

export const HappyPath: Story = { args: { scenario: 'happy-path' } }
export const FlakyPayments: Story = { args: { scenario: 'flaky-payments' } }
export const RateLimited: Story = { args: { scenario: 'rate-limited' } }
export const LostResponse: Story = { args: { scenario: 'lost-response' } }
export const HungRequest: Story = { args: { scenario: 'hung-request' } }
export const InsufficientFunds: Story = {
  args: { scenario: 'insufficient-funds' },
}
export const ValidationErrors: Story = {
  args: { scenario: 'validation-errors' },
}
export const ExpiredToken: Story = { args: { scenario: 'expired-token' } }
export const EditConflict: Story = { args: { scenario: 'edit-conflict' } }
export const StaleLink: Story = { args: { scenario: 'stale-link' } }
