import { Link, type LinkProps } from '@remix-run/react'
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react'

/** Heights per spec section 9: small 40, medium 48, large 56 px (see .btn-* in app.css). */
export type ButtonSize = 'small' | 'medium' | 'large'
/** primary: the one main action of a view; secondary: further actions; text: low-weight actions in lists. */
export type ButtonVariant = 'primary' | 'secondary' | 'text'
/**
 * color: brand green (default); black: neutral emphasis; grey: quiet actions on light surfaces;
 * white: on dark or photographic backgrounds (hero, footer); danger: destructive actions (delete).
 */
export type ButtonColor = 'color' | 'black' | 'grey' | 'white' | 'danger'

export interface ButtonStyle {
  size?: ButtonSize
  variant?: ButtonVariant
  color?: ButtonColor
}

export const buttonSizes: readonly ButtonSize[] = ['small', 'medium', 'large']
export const buttonVariants: readonly ButtonVariant[] = ['primary', 'secondary', 'text']
export const buttonColors: readonly ButtonColor[] = ['color', 'black', 'grey', 'white', 'danger']

/** The class list of a button look, for elements that cannot be one of the components below. */
export function buttonClass({ size = 'medium', variant = 'primary', color = 'color' }: ButtonStyle = {}, extra?: string): string {
  return ['btn', `btn-${size}`, `btn-${variant}`, `btn-${color}`, extra].filter(Boolean).join(' ')
}

export function Button({
  size,
  variant,
  color,
  className,
  type = 'button',
  ...props
}: ButtonStyle & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>) {
  return <button type={type} className={buttonClass({ size, variant, color }, className)} {...props} />
}

/** A link that looks like a button; `reloadDocument` or an external `href` renders a plain anchor. */
export function ButtonLink({ size, variant, color, className, ...props }: ButtonStyle & Omit<LinkProps, 'color'>) {
  return <Link className={buttonClass({ size, variant, color }, className)} {...props} />
}

export function ButtonAnchor({
  size,
  variant,
  color,
  className,
  ...props
}: ButtonStyle & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color'>) {
  return <a className={buttonClass({ size, variant, color }, className)} {...props} />
}

/**
 * A square button with only an icon (close, −, +, remove). The accessible name is required: it is
 * rendered as visually hidden text so it is also read and translated like any other text.
 */
export function IconButton({
  label,
  size = 'medium',
  variant = 'text',
  color = 'grey',
  className,
  children,
  type = 'button',
  ...props
}: { label: string } & ButtonStyle & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>) {
  return (
    <button type={type} className={buttonClass({ size, variant, color }, ['btn-icon', className].filter(Boolean).join(' '))} {...props}>
      {children}
      <span className="visually-hidden">{label}</span>
    </button>
  )
}
