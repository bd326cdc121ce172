import { useLocation } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/lib/use-translation'
import type { CmsElement } from '~/components/cms/types'
import type { Locale } from '~/lib/locale'
import { ContactForm } from './contact-form'

/** The CMS `form` element of type contact: the shop's contact form, sent with the element's slot id. */
export function CmsContactForm({ element, locale }: { element: Extract<CmsElement, { type: 'contact-form' }>; locale: Locale }) {
  const { t } = useTranslation('contact')
  const headingId = useId()
  // Sent, the form redirects back here (a new location) and starts empty again; refused, it keeps what was typed.
  const { key } = useLocation()
  return (
    <section className="cms-contact-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{element.title ?? t('contact.formTitle')}</h2>
      <ContactForm key={key} locale={locale} id={`cms-contact-${element.slotId}`} cms={{ slotId: element.slotId }} />
    </section>
  )
}
