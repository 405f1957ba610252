import { expect, test } from './support/fixtures.ts'

test('a reload keeps the chosen credential and demo speed', async ({
  page,
}) => {
  await page.goto('/?view=explorer')
  const credential = page.getByLabel('Credential')
  const speed = page.getByLabel('Demo speed (playground only)')
  await expect(credential).toHaveValue('customer-1-token')
  await credential.selectOption('customer-2-token')
  await speed.selectOption('4')
  await page.reload()
  await expect(page.getByLabel('Credential')).toHaveValue('customer-2-token')
  await expect(page.getByLabel('Demo speed (playground only)')).toHaveValue('4')
  await expect(page.getByText('as customer-2-token')).toBeVisible()
})
