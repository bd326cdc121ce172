// A page hydrates on the shopper's first interaction (docs/decisions/019), unless it acts by itself
// before that: a countdown that leads on, a message that dismisses itself. Such a page says so on
// <body data-hydrate="load">, which app/entry.client.tsx reads. A route names it in its
// `handle.hydrateAtOnce`, computed from its loader data.

/** The value of <body data-hydrate> for a page that hydrates without waiting. */
export const HYDRATE_AT_ONCE = 'load'

type HydrateHandle = { hydrateAtOnce?: (data: unknown) => boolean }

/** Whether a page must hydrate at load: one of its routes says so, or it shows a message that dismisses itself. */
export function hydratesAtOnce(matches: readonly { handle?: unknown; data?: unknown }[], hasNotifications: boolean): boolean {
  if (hasNotifications) return true
  return matches.some((match) => (match.handle as HydrateHandle | undefined)?.hydrateAtOnce?.(match.data) === true)
}
