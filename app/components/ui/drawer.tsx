import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { CloseIcon } from '~/components/shell/icons'
import { IconButton } from './button'
import { Dialog } from './dialog'

export type DrawerSide = 'start' | 'end'

export interface DrawerProps {
  open: boolean
  /** Called for Escape, the close button and a click on the backdrop; the caller sets `open` to false. */
  onClose: () => void
  /** Visible heading and the drawer's accessible name. */
  title: string
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string
  /** The edge it slides in from: start for navigation, end for filters or the cart. */
  side?: DrawerSide
  id?: string
  className?: string
  children: ReactNode
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * A modal panel from one edge of the screen, for JS only (the no-JS fallback is the caller's
 * `<details>` or link). showModal makes the page inert; Tab is additionally kept inside because
 * Chromium lets it leave a modal dialog for the browser UI. Escape, the close button and the
 * backdrop close it, and focus returns to whatever opened it.
 */
export function Drawer({ open, onClose, title, closeLabel, side = 'start', id, className, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      opener.current?.focus()
      opener.current = null
    }
  }, [open])

  // Unmounting while open (a route change) must not leave the page inert.
  useEffect(() => () => ref.current?.close(), [])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return
    const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.offsetParent !== null)
    if (!items.length) return
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose()
  }

  return (
    <Dialog
      ref={ref}
      id={id}
      titleId={titleId}
      placement="side"
      className={['drawer', `drawer-${side}`, className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="drawer-panel">
        <div className="drawer-head">
          <h2 id={titleId} className="drawer-title">
            {title}
          </h2>
          <IconButton label={closeLabel} onClick={onClose} className="drawer-close" autoFocus>
            <CloseIcon />
          </IconButton>
        </div>
        <div className="drawer-body">{children}</div>
      </div>
    </Dialog>
  )
}
