import { createHash, randomBytes } from 'node:crypto'

/**
 * Deterministic 32-hex ids: the same seed name always yields the same id, so tests,
 * README facts and a re-seeded database agree without storing a mapping anywhere.
 */
export function sid(name: string): string {
  return createHash('md5').update(`forst-demo:${name}`).digest('hex')
}

/** A fresh random 32-hex id (Shopware's Uuid::randomHex format). */
export function randomHex(): string {
  return randomBytes(16).toString('hex')
}

/** A random 32-character alphanumeric context token, like Shopware's Random::getAlphanumericString(32). */
export function randomToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(32)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return out
}

export const HEX_ID = /^[0-9a-f]{32}$/
