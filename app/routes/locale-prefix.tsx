import { Outlet } from '@remix-run/react'

/** The /en and /fr branches of the route tree; the prefix itself renders nothing. */
export default function LocalePrefix() {
  return <Outlet />
}
