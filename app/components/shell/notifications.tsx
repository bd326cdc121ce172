import { useCallback, useEffect, useState, type MouseEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import type { Notification } from '~/lib/shell-types'
import { CloseIcon } from './icons'

/** Spec section 9: notifications disappear after 2500 ms unless persistent. */
export const notificationTimeoutMs = 2500

interface Props {
  notifications: Notification[]
  /**
   * Where the close link goes without JS: the current page. The flash cookie was consumed when
   * this page was rendered, so loading it again shows it without the message.
   */
  closeHref: string
}

/** Merges newly arrived server notifications into the shown list, once each. */
export function mergeNotifications(shown: Notification[], incoming: Notification[]): Notification[] {
  const known = new Set(shown.map((n) => n.id))
  const fresh = incoming.filter((n) => !known.has(n.id))
  return fresh.length ? [...shown, ...fresh] : shown
}

function NotificationItem({
  notification,
  closeHref,
  onDismiss,
}: {
  notification: Notification
  closeHref: string
  onDismiss: (id: string) => void
}) {
  const { t } = useTranslation('common')
  // The timer waits while the pointer rests on the message or the keyboard is in it (WCAG 2.2.1: the
  // reader can hold it), then gives it its full time again.
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const held = hovered || focused

  useEffect(() => {
    if (notification.persistent || held) return
    const timer = setTimeout(() => onDismiss(notification.id), notificationTimeoutMs)
    return () => clearTimeout(timer)
  }, [notification, onDismiss, held])

  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    onDismiss(notification.id)
  }

  return (
    <div
      className={`notification notification-${notification.type}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      <p>
        <span className="visually-hidden">{t(`notifications.types.${notification.type}`)}: </span>
        {notification.message}
      </p>
      <a href={closeHref} className="notification-close" onClick={close}>
        <CloseIcon />
        <span className="visually-hidden">{t('notifications.close')}</span>
      </a>
    </div>
  )
}

export function Notifications({ notifications, closeHref }: Props) {
  const { t } = useTranslation('common')
  const [shown, setShown] = useState(notifications)

  useEffect(() => setShown((current) => mergeNotifications(current, notifications)), [notifications])

  const dismiss = useCallback((id: string) => setShown((current) => current.filter((n) => n.id !== id)), [])

  return (
    <section className="notifications" aria-live="polite" aria-label={t('notifications.region')}>
      {shown.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} closeHref={closeHref} onDismiss={dismiss} />
      ))}
    </section>
  )
}
