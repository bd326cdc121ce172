import type { SVGProps } from 'react'

// Decorative icons only: every use sits next to visible or visually hidden text.
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </Icon>
)

export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </Icon>
)

export const HeartIcon = () => (
  <Icon>
    <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10Z" />
  </Icon>
)

export const CartIcon = () => (
  <Icon>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.5 12h12l2-8H6.2" />
  </Icon>
)

export const ChevronDownIcon = () => (
  <Icon width="16" height="16">
    <path d="m6 9 6 6 6-6" />
  </Icon>
)

export const ChevronLeftIcon = () => (
  <Icon>
    <path d="m15 18-6-6 6-6" />
  </Icon>
)

export const ChevronRightIcon = () => (
  <Icon>
    <path d="m9 18 6-6-6-6" />
  </Icon>
)

export const ArrowUpIcon = () => (
  <Icon>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
)

export const CloseIcon = () => (
  <Icon width="20" height="20">
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)

export const CookieIcon = () => (
  <Icon>
    <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2.5Z" />
    <circle cx="8.5" cy="10.5" r="1" fill="currentColor" />
    <circle cx="12" cy="15.5" r="1" fill="currentColor" />
    <circle cx="16" cy="13" r="1" fill="currentColor" />
  </Icon>
)

export const PhoneIcon = () => (
  <Icon width="20" height="20">
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2Z" />
  </Icon>
)

/** The brand mark: a stylised fir tree over a saw-tooth base line. */
export const LogoMark = () => (
  <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
    <rect width="40" height="40" rx="8" fill="#1f5130" />
    <path d="M20 6 11 19h5l-7 9h9v5h4v-5h9l-7-9h5Z" fill="#f2f7f1" />
  </svg>
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
  <Icon width={32} height={32}>{direction === 'left' ? <path d="m15 5-7 7 7 7" /> : <path d="m9 5 7 7-7 7" />}</Icon>
)

export const BrokenImageIcon = () => (
  <Icon width={64} height={64}>
    <path d="M4 4h16v9l-3-2-3 3-2-2-3 3-5-2z" />
    <path d="M4 15l4 2 3-3 2 2 3-3 4 3v4H4z" />
    <path d="m3 3 18 18" />
  </Icon>
)

export const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
)
