import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import {
  INITIAL_VIEW,
  clampIndex,
  createThrottle,
  normalizeItems,
  rotate,
  stepIndex,
  swipeDirection,
  transformOf,
  wheelZoom,
  withScale,
  zoomIn,
  zoomOut,
  type ViewState,
} from '~/lib/lightbox'
import { BrokenImageIcon, ChevronIcon, CloseIcon, RotateIcon, ZoomInIcon, ZoomOutIcon } from '~/components/shell/icons'

export interface LightboxProps {
  /** Strings or `{ src, title?, alt? }`; anything else is dropped (spec section 5). */
  items: readonly unknown[]
  startIndex?: number
  /** Accessible name of the dialog */
  label: string
  onClose: () => void
  /** Escape closes unless this is false. */
  closeOnEscape?: boolean
  /** Called when an image cannot be loaded (or there is none). */
  onError?: (src: string | undefined) => void
}

type LoadState = 'loading' | 'loaded' | 'error'

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

/**
 * Full-screen image viewer, rendered only with JavaScript (the gallery links to the full-size images
 * without it). A modal dialog: focus stays inside while open and returns to the opener afterwards.
 */
export function Lightbox({ items, startIndex = 0, label, onClose, closeOnEscape = true, onError }: LightboxProps) {
  const { t } = useTranslation('media')
  const images = useMemo(() => normalizeItems(items), [items])
  const [index, setIndex] = useState(() => clampIndex(startIndex, images.length))
  const [view, setView] = useState<ViewState>(INITIAL_VIEW)
  const [load, setLoad] = useState<LoadState>(images.length ? 'loading' : 'error')
  const [dragging, setDragging] = useState(false)
  const dialogRef = useRef<HTMLDivElement>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const pointer = useRef<{ id: number; startX: number; startY: number; x: number; y: number } | null>(null)
  const current = images[index]
  const count = images.length

  // Zoom, rotation and position start fresh with every image (spec section 4).
  const show = useCallback((next: number) => {
    setIndex(next)
    setView(INITIAL_VIEW)
    setLoad('loading')
  }, [])
  const go = useCallback(
    (direction: 1 | -1) => count > 1 && show(stepIndex(index, count, direction)),
    [count, index, show],
  )

  // Focus moves into the dialog on open and back to whatever opened it on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    closeRef.current?.focus()
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  useEffect(() => {
    if (!count) onError?.(undefined)
  }, [count, onError])

  // React's wheel listener is passive; zooming must stop the page from scrolling, so listen natively.
  useEffect(() => {
    const stage = stageRef.current
    if (!stage) return
    const allow = createThrottle()
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      if (!allow(event.timeStamp)) return
      setView((previous) => withScale(previous, wheelZoom(previous.scale, event.deltaY)))
    }
    stage.addEventListener('wheel', onWheel, { passive: false })
    return () => stage.removeEventListener('wheel', onWheel)
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'Escape':
        if (closeOnEscape) {
          event.preventDefault()
          onClose()
        }
        return
      case 'ArrowRight':
        event.preventDefault()
        go(1)
        return
      case 'ArrowLeft':
        event.preventDefault()
        go(-1)
        return
      case '+':
      case '=':
        event.preventDefault()
        setView((previous) => withScale(previous, zoomIn(previous.scale)))
        return
      case '-':
        event.preventDefault()
        setView((previous) => withScale(previous, zoomOut(previous.scale)))
        return
      case 'Tab': {
        // Keep focus inside the dialog.
        const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
        const first = focusable[0]
        const last = focusable[focusable.length - 1]
        if (!first || !last) return
        if (!focusable.includes(document.activeElement as HTMLElement)) {
          // Focus is on the dialog itself (after a click on the image) or escaped it: bring it back in.
          event.preventDefault()
          ;(event.shiftKey ? last : first).focus()
        } else if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }
    }
  }

  // Listen on the document: a click on the image moves focus off the buttons, and the keys must keep working.
  const keyHandler = useRef(onKeyDown)
  keyHandler.current = onKeyDown
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    pointer.current = {
      id: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      x: event.clientX,
      y: event.clientY,
    }
    event.currentTarget.setPointerCapture(event.pointerId)
    if (view.scale > 1) setDragging(true)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current
    if (!start || start.id !== event.pointerId) return
    const dx = event.clientX - start.x
    const dy = event.clientY - start.y
    start.x = event.clientX
    start.y = event.clientY
    // Dragging moves a zoomed image; at scale 1 or below the movement is a swipe, decided on release.
    if (view.scale > 1) setView((previous) => ({ ...previous, x: previous.x + dx, y: previous.y + dy }))
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current
    pointer.current = null
    setDragging(false)
    if (!start || start.id !== event.pointerId || view.scale > 1) return
    const direction = swipeDirection(event.clientX - start.startX, event.clientY - start.startY)
    if (direction) go(direction === 'next' ? 1 : -1)
  }

  const onImageError = () => {
    setLoad('error')
    onError?.(current?.src)
  }

  const title = current?.title ?? current?.alt
  return (
    <div ref={dialogRef} className="lightbox" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
      <div className="lightbox-toolbar">
        <p className="lightbox-counter" aria-live="polite">
          {count ? t('lightbox.counter', { index: index + 1, count }) : null}
        </p>
        <button
          type="button"
          className="lightbox-button"
          onClick={() => setView((v) => withScale(v, zoomOut(v.scale)))}
          disabled={load !== 'loaded'}
        >
          <ZoomOutIcon />
          <span className="visually-hidden">{t('lightbox.zoomOut')}</span>
        </button>
        <button
          type="button"
          className="lightbox-button"
          onClick={() => setView((v) => withScale(v, zoomIn(v.scale)))}
          disabled={load !== 'loaded'}
        >
          <ZoomInIcon />
          <span className="visually-hidden">{t('lightbox.zoomIn')}</span>
        </button>
        <button
          type="button"
          className="lightbox-button"
          onClick={() => setView((v) => ({ ...v, rotation: rotate(v.rotation) }))}
          disabled={load !== 'loaded'}
        >
          <RotateIcon />
          <span className="visually-hidden">{t('lightbox.rotate')}</span>
        </button>
        <button ref={closeRef} type="button" className="lightbox-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('lightbox.close')}</span>
        </button>
      </div>

      <div
        ref={stageRef}
        className={`lightbox-stage${dragging ? ' is-dragging' : ''}${view.scale > 1 ? ' is-zoomed' : ''}`}
        data-scale={view.scale}
        data-rotation={view.rotation}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointer.current = null
          setDragging(false)
        }}
      >
        {load === 'error' || !current ? (
          <div className="lightbox-error" role="alert">
            <BrokenImageIcon />
            <p>{t('lightbox.loadError')}</p>
          </div>
        ) : (
          <img
            key={`${index}-${current.src}`}
            src={current.src}
            alt={current.alt ?? ''}
            className={`lightbox-image${load === 'loading' ? ' is-loading' : ''}`}
            style={{ transform: transformOf(view) }}
            draggable={false}
            onLoad={() => setLoad('loaded')}
            onError={onImageError}
          />
        )}
      </div>

      {title ? <p className="lightbox-title">{title}</p> : null}

      {count > 1 ? (
        <>
          <button type="button" className="lightbox-button lightbox-previous" onClick={() => go(-1)}>
            <ChevronIcon direction="left" />
            <span className="visually-hidden">{t('lightbox.previous')}</span>
          </button>
          <button type="button" className="lightbox-button lightbox-next" onClick={() => go(1)}>
            <ChevronIcon direction="right" />
            <span className="visually-hidden">{t('lightbox.next')}</span>
          </button>
        </>
      ) : null}
    </div>
  )
}
