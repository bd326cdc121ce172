import { Link } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import type { Breadcrumb } from '~/lib/shell-types'

/** The trail from the home page to the current page; the last entry is the page itself. */
export function Breadcrumbs({ trail }: { trail: Breadcrumb[] }) {
  const { t } = useTranslation('common')
  if (trail.length < 2) return null
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.href}>
            {index === trail.length - 1 ? (
              <Link to={crumb.href} aria-current="page">
                {crumb.name}
              </Link>
            ) : (
              <Link to={crumb.href}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
