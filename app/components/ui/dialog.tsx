import { forwardRef, type DialogHTMLAttributes, type ReactNode } from 'react'

/** center: a card in the middle (consent); side: a full-height panel from the inline end (side cart). */
export type DialogPlacement = 'center' | 'side'

export interface DialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'aria-labelledby' | 'aria-describedby'> {
  /** id of the visible heading inside: the dialog's accessible name. */
  titleId: string
  /** id of the text that explains the dialog, read after the name. */
  descriptionId?: string
  placement?: DialogPlacement
  children: ReactNode
}

/**
 * The one `<dialog>` of the shop: every modal (consent, cookie preferences, side cart) is named by its
 * heading and marked modal the same way, so assistive technology meets one pattern. Opening and
 * closing stay with the caller (showModal from an effect; a server-rendered `open` for the no-JS
 * path), because each dialog decides what may close it.
 */
export const Dialog = forwardRef<HTMLDialogElement, DialogProps>(function Dialog(
  { titleId, descriptionId, placement = 'center', className, children, ...props },
  ref,
) {
  return (
    <dialog
      ref={ref}
      className={['dialog', `dialog-${placement}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      aria-modal="true"
      {...props}
    >
      {children}
    </dialog>
  )
})
