import type { NotificationType } from '~/lib/shell-types'

export interface CartNotice {
  type: NotificationType
  /** Already translated. */
  text: string
}

/**
 * The cart's standing messages (a product out of stock, a blocked method): they stay on the page
 * while the cause lasts, unlike the notifications of a change that fade away.
 */
export function CartNotices({ notices }: { notices: CartNotice[] }) {
  if (!notices.length) return null
  return (
    <ul className="cart-notices" data-testid="cart-notices">
      {notices.map((notice, index) => (
        <li key={`${notice.type}-${index}`} className={`cart-notice cart-notice-${notice.type}`} role={notice.type === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </li>
      ))}
    </ul>
  )
}
