import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { HydrationSlice } from '~/components/ui/hydration-slice'
import { island } from '~/components/ui/island'
import { localizePath, type Locale } from '~/lib/locale'
import { storeJsonLd } from '~/lib/seo'
import type { NavLink } from '~/lib/shell-types'
import { openingHours, shopPhone } from '~/lib/shop'
import { ArrowUpIcon, PhoneIcon } from './icons'
import { NavAnchor } from './main-navigation'
import { JsonLd } from './nonce'

const importNewsletterForm = () => import('~/components/contact/newsletter-form').then((module) => module.NewsletterForm)
const NewsletterForm = island(import.meta.env.SSR ? await importNewsletterForm() : undefined, importNewsletterForm)

interface FooterProps {
  locale: Locale
  footer: NavLink[]
  service: NavLink[]
  /** Absent when the root loader failed; structured data needs absolute URLs. */
  publicUrl?: string
  /** The session's deliveries carry no VAT: the price note says so instead of "plus VAT". */
  taxFree?: boolean
  /** Page controls (cookie preferences, jump-to-top), kept inside a landmark; shell.css places them. */
  children?: ReactNode
}

function LinkList({ links, label }: { links: NavLink[]; label: string }) {
  if (links.length === 0) return null
  return (
    <nav className="footer-col" aria-label={label}>
      <h2 className="footer-heading">{label}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <NavAnchor link={link} />
            {link.children && link.children.length > 0 && (
              <ul>
                {link.children.map((child) => (
                  <li key={child.id}>
                    <NavAnchor link={child} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Footer({ locale, footer, service, publicUrl, taxFree, children }: FooterProps) {
  const { t } = useTranslation('common')
  const year = new Date().getUTCFullYear()
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <HydrationSlice>
          <LinkList links={footer} label={t('footer.footerNavigation')} />
        </HydrationSlice>
        <HydrationSlice>
          <LinkList links={service} label={t('footer.serviceNavigation')} />
        </HydrationSlice>
        <section className="footer-col" aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="footer-heading">
            {t('footer.openingHoursTitle')}
          </h2>
          <p>{t('footer.openingHours')}</p>
        </section>
        <section className="footer-col" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            {t('footer.contactTitle')}
          </h2>
          <p>
            <a href={`tel:${shopPhone.e164}`} className="footer-phone">
              <PhoneIcon />
              <span className="visually-hidden">{t('footer.phone')} </span>
              {shopPhone.display}
            </a>
          </p>
          <p className="footer-contact-link">
            <Link to={localizePath(locale, '/contact')}>{t('footer.contactLink')}</Link>
          </p>
        </section>
        <HydrationSlice>
          <section className="footer-col footer-newsletter" aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="footer-heading">
              {t('footer.newsletterTitle')}
            </h2>
            <NewsletterForm locale={locale} variant="footer" />
          </section>
        </HydrationSlice>
      </div>
      <div className="container footer-bottom">
        <p>{t(taxFree ? 'footer.pricesTaxFree' : 'footer.prices')}</p>
        <p>{t('footer.copyright', { year })}</p>
        <a href="#top" className="footer-top-link">
          <ArrowUpIcon />
          {t('footer.backToTop')}
        </a>
      </div>
      {publicUrl && (
        <JsonLd
          data={storeJsonLd({
            name: t('shop.name'),
            publicUrl,
            locale,
            telephone: shopPhone.e164,
            openingHours,
          })}
        />
      )}
      {/* Fixed in the side gutters of wide screens; in this row where no gutter is free (shell.css). */}
      {children && <div className="container footer-controls">{children}</div>}
    </footer>
  )
}
