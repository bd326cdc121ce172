import { useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'

/** Spec section 9. */
export const loadingBarTiming = { duration: 3000, throttle: 200, hideDelay: 500, resetDelay: 400 } as const

/** Creeps toward 100 % without reaching it: about 70 % after `duration`, then slower and slower. */
export function estimatedProgress(elapsed: number, duration: number = loadingBarTiming.duration): number {
  return (2 / Math.PI) * 100 * Math.atan((elapsed / duration) * 2)
}

type Phase = 'idle' | 'loading' | 'finishing'

/**
 * Thin progress bar at the top while a navigation loads. It shows only when loading takes longer
 * than the throttle, so fast pages do not flicker. Width is set through the DOM in the browser
 * (a server-rendered style attribute would need 'unsafe-inline' in the CSP).
 */
export function LoadingBar({ error }: { error: boolean }) {
  const { t } = useTranslation('common')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [phase, setPhase] = useState<Phase>('idle')
  const barRef = useRef<HTMLDivElement>(null)
  const progress = useRef(0)

  const paint = (value: number) => {
    progress.current = value
    const bar = barRef.current
    if (!bar) return
    bar.style.transform = `scaleX(${value / 100})`
    bar.setAttribute('aria-valuenow', String(Math.round(value)))
  }

  useEffect(() => {
    if (!busy) return
    let tick: ReturnType<typeof setInterval> | undefined
    const start = setTimeout(() => {
      const startedAt = performance.now()
      setPhase('loading')
      paint(0)
      tick = setInterval(() => paint(estimatedProgress(performance.now() - startedAt)), 100)
    }, loadingBarTiming.throttle)
    return () => {
      clearTimeout(start)
      if (tick) clearInterval(tick)
    }
  }, [busy])

  useEffect(() => {
    if (busy || phase !== 'loading') return
    paint(100)
    setPhase('finishing')
  }, [busy, phase])

  useEffect(() => {
    if (phase !== 'finishing') return
    let reset: ReturnType<typeof setTimeout> | undefined
    const hide = setTimeout(() => {
      setPhase('idle')
      reset = setTimeout(() => paint(0), loadingBarTiming.resetDelay)
    }, loadingBarTiming.hideDelay)
    return () => {
      clearTimeout(hide)
      if (reset) clearTimeout(reset)
    }
  }, [phase])

  const active = phase !== 'idle'
  return (
    <div className={['loading-bar', active && 'is-active', error && 'is-error'].filter(Boolean).join(' ')}>
      <div
        ref={barRef}
        className="loading-bar-fill"
        role="progressbar"
        aria-label={t('loading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-hidden={active ? undefined : true}
      />
    </div>
  )
}
