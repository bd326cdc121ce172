import { Link } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { CmsImage } from '~/components/cms/cms-image'
import type { FormProductView } from '~/store/engagement.server'

/** The product a form is about (price request, review): picture, name, article number and the way back to its page. */
export function FormProduct({ product, headingId, backLabel }: { product: FormProductView; headingId: string; backLabel: string }) {
  const { t } = useTranslation('contact')
  return (
    <section className="form-product" aria-labelledby={headingId}>
      {product.image ? <CmsImage image={product.image} alt={product.image.alt || product.name} sizes="96px" /> : <span />}
      <div>
        <h2 id={headingId}>{product.name}</h2>
        <p>{t('priceRequest.productNumber', { number: product.productNumber })}</p>
        <p>
          <Link to={product.href}>{backLabel}</Link>
        </p>
      </div>
    </section>
  )
}
