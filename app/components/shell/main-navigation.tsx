import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import type { NavLink } from '~/lib/shell-types'
import { ChevronDownIcon } from './icons'

export function NavAnchor({ link, className }: { link: NavLink; className?: string }) {
  if (link.external) {
    return (
      <a href={link.href} className={className} rel="noopener noreferrer">
        {link.name}
      </a>
    )
  }
  return (
    <Link to={link.href} className={className}>
      {link.name}
    </Link>
  )
}

/**
 * Disclosure menu. Without JS each anchor is a link and its children show on hover or keyboard
 * focus (CSS :focus-within); with JS the toggle buttons open and close them, Escape closes.
 */
export function MainNavigation({ links }: { links: NavLink[] }) {
  const { t } = useTranslation('common')
  const hydrated = useHydrated()
  const [openId, setOpenId] = useState<string | null>(null)
  const navRef = useRef<HTMLElement>(null)
  const { key: locationKey } = useLocation()

  useEffect(() => setOpenId(null), [locationKey])

  useEffect(() => {
    if (!openId) return
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [openId])

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, id: string) => {
    if (event.key !== 'Escape' || openId !== id) return
    setOpenId(null)
    event.currentTarget.querySelector<HTMLButtonElement>('.nav-toggle')?.focus()
  }

  return (
    <nav
      ref={navRef}
      className={hydrated ? 'main-nav main-nav-js' : 'main-nav'}
      aria-label={t('header.mainNavigation')}
    >
      <ul className="main-nav-list">
        {links.map((link) => {
          const children = link.children ?? []
          const submenuId = `submenu-${link.id}`
          const open = openId === link.id
          return (
            <li
              key={link.id}
              className={children.length ? 'has-children' : undefined}
              data-open={open ? 'true' : undefined}
              onKeyDown={(event) => onKeyDown(event, link.id)}
            >
              <NavAnchor link={link} className="main-nav-link" />
              {children.length > 0 && (
                <>
                  <button
                    type="button"
                    className="nav-toggle"
                    aria-expanded={open}
                    aria-controls={submenuId}
                    aria-label={t('header.openSubmenu', { name: link.name })}
                    onClick={() => setOpenId(open ? null : link.id)}
                  >
                    <ChevronDownIcon />
                  </button>
                  <ul id={submenuId} className="submenu">
                    {children.map((child) => (
                      <li key={child.id}>
                        <NavAnchor link={child} />
                        {child.children && child.children.length > 0 && (
                          <ul>
                            {child.children.map((grandchild) => (
                              <li key={grandchild.id}>
                                <NavAnchor link={grandchild} />
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
