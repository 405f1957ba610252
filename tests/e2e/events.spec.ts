import type { Page } from '@playwright/test'
import { startServer } from '../../src/server/start-server.ts'
import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

/**
 * Chromium's own `EventSource` reading `<base>/events`: in the playground, through the real service
 * worker (the mock runs in the page; the worker hands its stream on, chunk by chunk), and from
 * `serve` over real HTTP. Each receives a change made over REST; ids are checked one by one.
 */

type Received = { id: string; subject: string }

/** Opens an `EventSource` in the page at `url`; what it receives collects in `window.received`. */
async function openEventSource(page: Page, url: string) {
  await page.evaluate((url) => {
    const w = window as unknown as {
      received: Received[]
      opens: number
      source: EventSource
    }
    w.received ??= []
    w.opens = 0
    const source = new EventSource(url)
    source.addEventListener('open', () => (w.opens += 1))
    source.addEventListener('payments.created', (message) => {
      const event = JSON.parse(message.data as string) as { subject: string }
      w.received.push({ id: message.lastEventId, subject: event.subject })
    })
    w.source = source
  }, url)
  await expect.poll(() => opens(page)).toBe(1)
}

const closeEventSource = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { source: EventSource }).source.close(),
  )
const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Received[] }).received)
const receivedIds = async (page: Page) =>
  (await received(page)).map((event) => event.id)
const opens = (page: Page) =>
  page.evaluate(() => (window as unknown as { opens: number }).opens)

/** A payment made over REST, from the page: one `payments.created` event. */
async function pay(page: Page, key: string) {
  const status = await page.evaluate(
    (key) =>
      fetch('/api/payments', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer customer-1-token',
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({ amount: 990, currency: 'eur' }),
      }).then((response) => response.status),
    key,
  )
  expect(status).toBe(201)
}

async function eventsFault(page: Page, kind: string) {
  const status = await page.evaluate(
    (kind) =>
      fetch('/__mock/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ target: 'events', effect: { kind }, times: 1 }),
      }).then((response) => response.status),
    kind,
  )
  expect(status).toBe(201)
}

const eventVerdicts = (page: Page) =>
  page.evaluate(() =>
    fetch('/__mock/operations')
      .then((response) => response.json())
      .then((body: { eventVerdicts: { id: string }[] }) =>
        body.eventVerdicts.map((verdict) => verdict.id),
      ),
  )

const STREAM = '/api/events?access_token=admin-token'

test("from serve: Chromium's EventSource resumes with Last-Event-ID after a disconnect, and gets a dropped event back", async ({
  page,
}) => {
  const server = await startServer({
    port: 0,
    playground: true,
    shutdownGraceMs: 100,
  })
  try {
    // The playground as `serve --playground` serves it: no service worker, the page talks HTTP.
    await page.goto(`${server.playgroundUrl!}?view=journal`)
    await expect(
      page.getByRole('heading', { name: 'Journal', exact: true }),
    ).toBeVisible()
    await openEventSource(page, STREAM)
    await pay(page, 'pay-1')
    await expect.poll(() => receivedIds(page)).toEqual(['1'])

    // The stream is closed before event 2: Chromium reconnects by itself (retry: 1000) with
    // Last-Event-ID: 1 and is resent event 2.
    await eventsFault(page, 'disconnect')
    await pay(page, 'pay-2')
    await expect.poll(() => receivedIds(page)).toEqual(['1', '2'])
    expect(await opens(page)).toBe(2)

    // Event 3 is dropped from the live stream; event 4 closes it. Back with Last-Event-ID: 2,
    // the consumer is resent 3 and 4: the dropped event too, nothing twice.
    await eventsFault(page, 'drop')
    await eventsFault(page, 'disconnect')
    await pay(page, 'pay-3')
    await pay(page, 'pay-4')
    await expect.poll(() => receivedIds(page)).toEqual(['1', '2', '3', '4'])
    expect(await opens(page)).toBe(3)
    await pay(page, 'pay-5')
    await expect
      .poll(() => receivedIds(page))
      .toEqual(['1', '2', '3', '4', '5'])
    expect((await received(page)).map((event) => event.subject)).toEqual(
      [2, 3, 4, 5, 6].map((id) => `/api/payments/${id}`),
    )
    // Every reconnect said where it stopped: no verdict.
    expect(await eventVerdicts(page)).toEqual([])
    await closeEventSource(page)

    // The Events view of the served playground reads the same log over HTTP.
    await page.goto(`${server.playgroundUrl!}?view=events`)
    const table = page.getByRole('table', {
      name: 'Events received, newest first',
    })
    await expect(table.getByRole('row')).toHaveCount(6)
    await expect(table.getByRole('row').nth(1)).toContainText('/api/payments/6')
    await expect(table.getByRole('row').nth(5)).toContainText('/api/payments/2')
    // The page polls its server: it leaves before the server stops.
    await page.goto('about:blank')
  } finally {
    await server.close()
  }
})

test("in the playground, through the service worker: Chromium's EventSource receives events live and resumes from ?last_event_id=", async ({
  page,
}) => {
  await page.goto('/?view=journal')
  await expect(
    page.getByRole('heading', { name: 'Journal', exact: true }),
  ).toBeVisible()
  await openEventSource(page, STREAM)
  await pay(page, 'pay-1')
  await expect.poll(() => receivedIds(page)).toEqual(['1'])
  await pay(page, 'pay-2')
  await expect.poll(() => receivedIds(page)).toEqual(['1', '2'])

  // Event 3 is dropped from the live stream: event 4 comes, 3 does not.
  await eventsFault(page, 'drop')
  await pay(page, 'pay-3')
  await pay(page, 'pay-4')
  await expect.poll(() => receivedIds(page)).toEqual(['1', '2', '4'])
  // A consumer that saw the gap resumes from the id before it: 3 and 4 again, then live.
  await closeEventSource(page)
  await openEventSource(page, `${STREAM}&last_event_id=2`)
  await expect.poll(() => receivedIds(page)).toEqual(['1', '2', '4', '3', '4'])
  await pay(page, 'pay-5')
  await expect
    .poll(() => receivedIds(page))
    .toEqual(['1', '2', '4', '3', '4', '5'])
  expect((await received(page)).map((event) => event.subject)).toEqual(
    [2, 3, 5, 4, 5, 6].map((id) => `/api/payments/${id}`),
  )
  await closeEventSource(page)
})

test("in the playground, through the service worker: Chromium's EventSource reconnects after a disconnect, but the worker's request has no Last-Event-ID", async ({
  page,
}) => {
  await page.goto('/?view=journal')
  await expect(
    page.getByRole('heading', { name: 'Journal', exact: true }),
  ).toBeVisible()
  await openEventSource(page, STREAM)
  await pay(page, 'pay-1')
  await expect.poll(() => receivedIds(page)).toEqual(['1'])
  await eventsFault(page, 'disconnect')
  await pay(page, 'pay-2')
  // The stream ended (the mock's close went through the worker): Chromium opened a new one.
  await expect.poll(() => opens(page)).toBe(2)
  // Chromium hands a service worker the reconnect without the Last-Event-ID it sends to a
  // server (the test above): the mock cannot resume it, and judges the reconnect.
  await expect
    .poll(() => eventVerdicts(page))
    .toEqual(['reconnected-without-last-event-id'])
  await pay(page, 'pay-3')
  await expect.poll(() => receivedIds(page)).toEqual(['1', '3'])
  // The request as the mock received it (the journal's details): no Last-Event-ID.
  await page.getByRole('button', { name: 'Details of request 4' }).click()
  const details = page.getByRole('definition').filter({ hasText: 'accept:' })
  await expect(details.first()).toContainText('accept: text/event-stream')
  await expect(details.first()).not.toContainText(/last-event-id/i)
  await closeEventSource(page)
})

test('the Events view: a change shows live, an events fault is added and removed, a reload reads the log again', async ({
  page,
}) => {
  await page.goto('/?view=events')
  await expect(
    page.getByRole('heading', { name: 'Events', exact: true }),
  ).toBeVisible()
  await expect(page.getByText(/Connected: no events yet/)).toBeVisible()
  const table = page.getByRole('table', {
    name: 'Events received, newest first',
  })
  await pay(page, 'pay-1')
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('row').nth(1)).toContainText('payments.created')
  await expect(table.getByRole('row').nth(1)).toContainText('/api/payments/2')
  const show = page.getByRole('button', {
    name: 'Data of event 1 (payments.created)',
  })
  await show.click()
  await expect(show).toHaveAttribute('aria-expanded', 'true')
  await expect(table).toContainText('"eur"')
  await show.click()
  await expect(table.getByRole('row')).toHaveCount(2)

  // A drop fault from the form: the view's own stream skips the next event.
  const form = page.getByRole('form', { name: 'Add an events fault' })
  await form.getByLabel('Effect').selectOption('drop')
  await form.getByRole('button', { name: 'Add events fault' }).click()
  const rules = page.getByRole('table', {
    name: 'Events faults in evaluation order',
  })
  await expect(rules.getByRole('row')).toHaveCount(2)
  await expect(rules.getByRole('row').nth(1)).toContainText('drop')
  await pay(page, 'pay-2')
  await pay(page, 'pay-3')
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('row').nth(1)).toContainText('/api/payments/4')
  await expect(
    page.getByText('No events faults: every event is delivered as it is.'),
  ).toBeVisible()
  // Another, removed before it fires.
  await form.getByLabel('Effect').selectOption('disconnect')
  await form.getByRole('button', { name: 'Add events fault' }).click()
  await expect(rules.getByRole('row')).toHaveCount(2)
  await rules.getByRole('button', { name: /^Remove fault-/ }).click()
  await expect(
    page.getByText('No events faults: every event is delivered as it is.'),
  ).toBeVisible()
  await expect(page.getByText('No webhook deliveries yet.')).toBeVisible()
  await expect(page.getByText(/^No verdicts/)).toBeVisible()
  await screenshotWideAndNarrow(page, 'events')

  // After a reload the view reads the log from its start: the dropped event is there.
  await page.reload()
  await expect(table.getByRole('row')).toHaveCount(4)
  await expect(table.getByRole('row').nth(2)).toContainText('/api/payments/3')
})
