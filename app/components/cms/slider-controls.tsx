import { useEffect, useState, type RefObject } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { IconButton } from '~/components/ui/button'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/shell/icons'

/**
 * Previous and next for a product slider, for a mouse without a sideways wheel. JS only: without
 * it the track scrolls on its own (touch, trackpad, scrollbar, arrow keys once focused). At an end
 * the button says it is disabled instead of being disabled, so a keyboard user keeps focus on it.
 */
export function SliderControls({ track }: { track: RefObject<HTMLUListElement> }) {
  const { t } = useTranslation('content')
  // Both ends until the effect has measured the track: nothing renders on the server or while hydrating.
  const [ends, setEnds] = useState({ start: true, end: true })

  useEffect(() => {
    const list = track.current
    if (!list) return
    const update = () =>
      setEnds({ start: list.scrollLeft <= 1, end: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1 })
    update()
    list.addEventListener('scroll', update, { passive: true })
    const resize = new ResizeObserver(update)
    resize.observe(list)
    return () => {
      list.removeEventListener('scroll', update)
      resize.disconnect()
    }
  }, [track])

  if (ends.start && ends.end) return null
  // The track's scroll-snap and its scroll-behavior (smooth unless reduced motion) do the rest; at an end the browser scrolls no further.
  const page = (direction: 1 | -1) => {
    const list = track.current
    list?.scrollBy({ left: direction * list.clientWidth })
  }
  return (
    <div className="cms-slider-controls">
      <IconButton label={t('slider.previous')} size="small" variant="secondary" color="color" aria-disabled={ends.start} onClick={() => page(-1)}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton label={t('slider.next')} size="small" variant="secondary" color="color" aria-disabled={ends.end} onClick={() => page(1)}>
        <ChevronRightIcon />
      </IconButton>
    </div>
  )
}
