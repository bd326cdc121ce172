import { Link, type LinkProps } from '@remix-run/react'
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react'

/** Heights per spec section 9: small 40, medium 48, large 56 px (see .btn-* in app.css). */
export type ButtonSize = 'small' | 'medium' | 'large'
export type ButtonVariant = 'primary' | 'secondary' | 'text'

interface ButtonStyle {
  size?: ButtonSize
  variant?: ButtonVariant
}

export function buttonClass({ size = 'medium', variant = 'primary' }: ButtonStyle, extra?: string): string {
  return ['btn', `btn-${size}`, `btn-${variant}`, extra].filter(Boolean).join(' ')
}

export function Button({
  size,
  variant,
  className,
  type = 'button',
  ...props
}: ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ size, variant }, className)} {...props} />
}

/** A link that looks like a button; `reloadDocument` or an external `href` renders a plain anchor. */
export function ButtonLink({ size, variant, className, ...props }: ButtonStyle & LinkProps) {
  return <Link className={buttonClass({ size, variant }, className)} {...props} />
}

export function ButtonAnchor({
  size,
  variant,
  className,
  ...props
}: ButtonStyle & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClass({ size, variant }, className)} {...props} />
}
