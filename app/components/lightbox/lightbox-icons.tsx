import type { ReactNode } from 'react'

// Decorative: every button that shows one also has a visually hidden name.
function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)

export const ZoomInIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4M11 8v6M8 11h6" />
  </Icon>
)

export const ZoomOutIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4M8 11h6" />
  </Icon>
)

export const RotateIcon = () => (
  <Icon>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Icon>
)

export const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <Icon size={32}>{direction === 'left' ? <path d="m15 5-7 7 7 7" /> : <path d="m9 5 7 7-7 7" />}</Icon>
)

export const BrokenImageIcon = () => (
  <Icon size={64}>
    <path d="M4 4h16v9l-3-2-3 3-2-2-3 3-5-2z" />
    <path d="M4 15l4 2 3-3 2 2 3-3 4 3v4H4z" />
    <path d="m3 3 18 18" />
  </Icon>
)
