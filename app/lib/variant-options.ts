/** One choice of a variant on a cart or order line: the property group and the option, as the store named them. */
export interface VariantOption {
  group: string
  option: string
}

/**
 * A line's variant choices from its payload: Shopware's cart puts the variant's options there
 * (`payload.options`, group and option names in the cart's language), and the order keeps them.
 */
export function variantOptionsOf(payload: unknown): VariantOption[] {
  const options = (payload as { options?: unknown } | null | undefined)?.options
  if (!Array.isArray(options)) return []
  return options.flatMap((entry) => {
    const { group, option } = (entry ?? {}) as { group?: unknown; option?: unknown }
    return typeof group === 'string' && typeof option === 'string' && group && option ? [{ group, option }] : []
  })
}
