import { rmSync } from 'node:fs'

/** Removes the seed template the run's demo stores shared (vitest.config.ts). */
export default function setup() {
  return () => {
    const template = process.env.DEMO_STORE_SEED_TEMPLATE
    if (template) rmSync(template, { recursive: true, force: true })
  }
}
