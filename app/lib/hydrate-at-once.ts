// A page hydrates on the shopper's first interaction (docs/decisions/019), unless it acts by itself
// before that: a countdown that leads on (the order success page), a message that dismisses itself
// (the root). Such a page says so on <body data-hydrate="load">, which app/entry.client.tsx reads.
// A route names it in its `handle.hydrateAtOnce`, computed from its loader data.

/** The value of <body data-hydrate> for a page that hydrates without waiting. */
export const HYDRATE_AT_ONCE = 'load'

type HydrateHandle = { hydrateAtOnce?: (data: unknown) => boolean }

/** Whether a page must hydrate at load: one of its routes says so. */
export function hydratesAtOnce(matches: readonly { handle?: unknown; data?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as HydrateHandle | undefined)?.hydrateAtOnce?.(match.data) === true)
}
