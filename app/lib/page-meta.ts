import type { MetaDescriptor } from '@remix-run/react'
import { findSeo } from './seo'

interface MetaArgs {
  matches: readonly { data?: unknown }[]
  error?: unknown
}

interface ShopDefaults {
  meta?: { title?: string; description?: string }
}

/**
 * Title, description and robots rule of a page: from the `seo` of the deepest route that returned
 * one, else the shop's defaults (root loader). Remix calls a route's meta with the matches up to
 * that route only, so the root can never see a page's `seo`: every page route exports this (or a
 * meta of its own), which the route table test checks.
 */
export function pageMeta({ matches, error }: MetaArgs): MetaDescriptor[] {
  const defaults = (matches[0]?.data as ShopDefaults | undefined)?.meta
  const seo = error ? undefined : findSeo(matches)
  const title = seo?.title ?? defaults?.title
  const description = seo?.description ?? defaults?.description
  return [
    ...(title ? [{ title }] : []),
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(seo?.robots ? [{ name: 'robots', content: seo.robots }] : []),
  ]
}
