// Finds mails the demo store wrote to its outbox (they are sent after the answer, so this waits a little).
import { join } from 'node:path'
import { readOutbox, type OutboxMail } from '../../server/demo-store/mail/outbox'
import type { DemoStoreServer } from './demo-store-server'

export async function waitForMails(store: DemoStoreServer, match: (mail: OutboxMail) => boolean, count = 1, timeoutMs = 5000): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readOutbox(join(store.dataDir, 'outbox'))).filter(match)
    if (found.length >= count) return found
    if (Date.now() > deadline) throw new Error(`expected ${count} matching mail(s), found ${found.length}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function mailsTo(store: DemoStoreServer, address: string): Promise<OutboxMail[]> {
  return (await readOutbox(join(store.dataDir, 'outbox'))).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()))
}

/** Bodies of the wrong shape for the engagement routes: each must be answered below 500 with the error envelope. */
export const MALFORMED_BODIES: unknown[] = [
  [1, 2], 'text', { email: {} }, { email: ['a@b.example'] }, { subject: 5, comment: [] }, { salutationId: 5 }, { salutationId: {} }, { firstName: {}, lastName: [] },
  { slotId: {} }, { option: [] }, { storefrontUrl: {} }, { hash: {}, em: {} }, { productId: 5 }, { productId: {} }, { desiredPrice: {} }, { desiredPrice: [1] },
  { quantity: [] }, { quantity: '1e3' }, { comment: {} }, { productIds: { a: {} } }, { productIds: [[1]] }, { productIds: [null, 5] }, { limit: {} }, { includes: [] },
  { filter: [{ type: 'nope' }] },
]

/** The routes' answers to MALFORMED_BODIES that are 500s or lack the error envelope (empty when all is well). */
export async function malformedBodyFailures(store: DemoStoreServer, routes: Array<[string, string]>, token?: string): Promise<string[]> {
  const failures: string[] = []
  for (const [method, path] of routes) {
    for (const body of MALFORMED_BODIES) {
      const response = await store.call(method, path, { body, token })
      const envelope = (response.body as { errors?: Array<{ code?: unknown }> } | undefined)?.errors?.[0]?.code
      if (response.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body)} → ${response.status}`)
      if (response.status >= 400 && envelope === undefined) failures.push(`${method} ${path} ${JSON.stringify(body)}: no envelope`)
    }
  }
  return failures
}
