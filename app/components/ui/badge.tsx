import type { ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent'

/** A short status or label on a card, line or row (styles: `.badge` in app.css). */
export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={['badge', `badge-${tone}`, className].filter(Boolean).join(' ')}>{children}</span>
}
