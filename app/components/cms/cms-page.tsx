import type { ReactNode } from 'react'
import type { Locale } from '~/lib/locale'
import { HydrationSlice } from '~/components/ui/hydration-slice'
import { CmsElement } from './cms-element'
import { layoutAttributes } from './layout'
import type { CmsBlock, CmsPageData, CmsSection } from './types'

interface PageProps {
  page: CmsPageData
  locale: Locale
  /** Name of the category or landing page (alt text fallback, listing label). */
  pageName: string
  /** Rendered at the top of the first section (the home page's heading inside its hero), after it `heroEnd`. */
  heroStart?: ReactNode
  heroEnd?: ReactNode
}

function Block({ block, locale, pageName }: { block: CmsBlock; locale: Locale; pageName: string }) {
  const { className, style } = layoutAttributes(block, `cms-block cms-block-${block.type.replace(/[^a-z0-9-]/gi, '')}`)
  return (
    <div className={className} style={style}>
      {block.elements.map((element) => (
        <HydrationSlice key={element.id}>
          <div className={`cms-element cms-element-${element.type}`}>
            <CmsElement element={element} locale={locale} pageName={pageName} />
          </div>
        </HydrationSlice>
      ))}
    </div>
  )
}

function Section({
  section,
  locale,
  pageName,
  start,
  end,
}: {
  section: CmsSection
  locale: Locale
  pageName: string
  start?: ReactNode
  end?: ReactNode
}) {
  const base = `cms-section cms-section-${section.type} cms-section-${section.sizing === 'full_width' ? 'full' : 'boxed'}`
  const { className, style } = layoutAttributes(section, base)
  const render = (blocks: CmsBlock[]) =>
    blocks.map((block) => <Block key={block.id} block={block} locale={locale} pageName={pageName} />)

  if (section.type === 'sidebar') {
    const sidebar = section.blocks.filter((b) => b.position === 'sidebar')
    const main = section.blocks.filter((b) => b.position === 'main')
    return (
      <div className={className} style={style}>
        <div className="cms-section-inner cms-sidebar-layout">
          <div className={`cms-sidebar${section.hideSidebarOnMobile ? ' cms-hidden-mobile' : ''}`}>{render(sidebar)}</div>
          <div className="cms-main">{render(main)}</div>
        </div>
      </div>
    )
  }
  return (
    <div className={className} style={style}>
      <div className="cms-section-inner">
        {start}
        {render(section.blocks)}
        {end}
      </div>
    </div>
  )
}

/** A Shopware shopping-experience layout: sections of blocks of elements, rendered on the server. */
export function CmsPage({ page, locale, pageName, heroStart, heroEnd }: PageProps) {
  return (
    <div className={page.cssClass ? `cms-page ${page.cssClass}` : 'cms-page'}>
      {page.sections.map((section, index) => (
        <Section
          key={section.id}
          section={section}
          locale={locale}
          pageName={pageName}
          start={index === 0 ? heroStart : undefined}
          end={index === 0 ? heroEnd : undefined}
        />
      ))}
    </div>
  )
}
