import type { Locale } from '~/lib/locale'
import { CmsPage } from './cms-page'
import type { CmsPageData } from './types'

export interface ContentView {
  name: string
  cms?: CmsPageData
  descriptionHtml?: string
}

/** A category or landing page: its name as the page's only h1, then its layout (or description). */
export function ContentPage({ view, locale, heading }: { view: ContentView; locale: Locale; heading?: string }) {
  return (
    <article className="content-page">
      <header className="content-page-header">
        <h1>{heading ?? view.name}</h1>
      </header>
      {view.cms ? (
        <CmsPage page={view.cms} locale={locale} pageName={view.name} />
      ) : view.descriptionHtml ? (
        // Sanitized on the server (app/store/cms.server.ts).
        <div className="content-description cms-text" dangerouslySetInnerHTML={{ __html: view.descriptionHtml }} />
      ) : null}
    </article>
  )
}
