import { Link } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { localizePath, type Locale } from '~/lib/locale'

/** The buy box's way to a price for a price-on-request product: the price-request page. */
export function PriceRequestLink({ locale, productId }: { locale: Locale; productId: string }) {
  const { t } = useTranslation('contact')
  return (
    <Link to={localizePath(locale, `/price-request/${productId}`)} className={buttonClass({ variant: 'primary' }, 'price-request-link')}>
      {t('priceRequest.link')}
    </Link>
  )
}
