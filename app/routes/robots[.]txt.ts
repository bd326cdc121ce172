import type { LoaderFunctionArgs } from '@remix-run/node'
import { locales, localizePath } from '~/lib/locale'

// Personal and state-changing paths, in every language tree.
const privatePaths = ['/checkout', '/account']
const unlocalized = ['/change-language', '/consent', '/last-viewed']

export function loader({ context }: LoaderFunctionArgs) {
  const disallow = [
    ...locales.flatMap((locale) => privatePaths.map((path) => localizePath(locale, path))),
    ...unlocalized,
  ]
  const body = [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${context.publicUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
