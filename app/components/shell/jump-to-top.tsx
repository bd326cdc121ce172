import { useEffect, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { ArrowUpIcon } from './icons'
import { scrollBehavior } from './motion'

/** Spec section 9: the button appears once the page has scrolled more than 20 px. */
export const jumpToTopThreshold = 20

/** JS only; without JS the footer's plain #top link does the job. */
export function JumpToTop() {
  const { t } = useTranslation('common')
  const hydrated = useHydrated()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const update = () => setVisible(window.scrollY > jumpToTopThreshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  if (!hydrated || !visible) return null
  return (
    <button
      type="button"
      className="jump-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: scrollBehavior() })
        // The button vanishes at the top; keep keyboard users at the start of the page.
        document.querySelector<HTMLElement>('.logo')?.focus({ preventScroll: true })
      }}
    >
      <ArrowUpIcon />
      <span className="visually-hidden">{t('jumpToTop')}</span>
    </button>
  )
}
