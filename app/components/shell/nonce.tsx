import { createContext, useContext } from 'react'
import { serializeJsonLd } from '~/lib/seo'

/**
 * The CSP nonce of the current response. entry.server provides it; in the browser it stays empty
 * (browsers hide nonce attributes from scripts), which is why nonce'd elements suppress the
 * hydration warning.
 */
export const NonceContext = createContext('')

export function useNonce(): string {
  return useContext(NonceContext)
}

/** Inline structured data; the payload is escaped so it cannot close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce()
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  )
}
