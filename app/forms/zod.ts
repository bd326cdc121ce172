import { z } from 'zod'
import { validation } from './messages'

/**
 * zod as the form schemas use it. zod's own messages are English sentences ("Expected string, received
 * array"); every schema names its messages as keys (messages.ts), and this map gives the rest a
 * translated one too: a field sent twice or with a type no form sends (crafted requests), a missing
 * field whose schema names no required message. A schema's or a check's own message always wins.
 * Schemas import z from here, so the map is set wherever a schema runs, and pages that only show
 * form errors (messages.ts) do not load zod. vite.config.ts keeps this module's side effect.
 */
z.setErrorMap((issue) => ({
  message: issue.code === z.ZodIssueCode.invalid_type && issue.received === z.ZodParsedType.undefined ? validation.required : validation.invalid,
}))

export { z }
