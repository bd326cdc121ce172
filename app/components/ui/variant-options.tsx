import { useTranslation } from '~/lib/use-translation'
import type { VariantOption } from '~/lib/variant-options'

/** Which variant a line holds ('Größe: 52 · Farbe: Grün'): the name alone does not tell sizes and colours apart. */
export function VariantOptions({ options, className }: { options?: VariantOption[]; className?: string }) {
  const { t } = useTranslation('common')
  if (!options?.length) return null
  return (
    <span className={['variant-options', className].filter(Boolean).join(' ')} data-testid="variant-options">
      {options.map((o) => t('variantOption', { group: o.group, option: o.option })).join(' · ')}
    </span>
  )
}
