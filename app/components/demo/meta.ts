import type { MetaDescriptor } from '@remix-run/node'
import type { SeoData } from '~/lib/shell-types'

/** Title, description and robots of a demo mailbox page from its loader's `seo`. */
export function mailboxMeta(seo: SeoData | undefined): MetaDescriptor[] {
  if (!seo) return []
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'robots', content: seo.robots ?? 'noindex, nofollow' },
  ]
}
