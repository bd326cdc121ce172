import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { Drawer } from '~/components/ui/drawer'
import type { NavLink } from '~/lib/shell-types'
import { ChevronDownIcon, MenuIcon } from './icons'
import { NavAnchor } from './main-navigation'

const drawerId = 'mobile-menu-drawer'

/**
 * The five anchors with their subcategories as nested disclosures: the anchor's own page comes first
 * inside each, so one tap opens and the next one navigates. Used as is in both menu variants.
 */
function MenuList({ links }: { links: NavLink[] }) {
  const { t } = useTranslation('common')
  return (
    <ul className="mobile-menu-list">
      {links.map((link) => {
        const children = link.children ?? []
        if (!children.length) {
          return (
            <li key={link.id}>
              <NavAnchor link={link} className="mobile-menu-link" />
            </li>
          )
        }
        return (
          <li key={link.id}>
            <details className="mobile-menu-group">
              <summary className="mobile-menu-link">
                {link.name}
                <ChevronDownIcon />
              </summary>
              <ul>
                <li>
                  <NavAnchor link={{ ...link, name: t('header.overview', { name: link.name }) }} className="mobile-menu-sublink mobile-menu-all" />
                </li>
                {children.map((child) => (
                  <li key={child.id}>
                    <NavAnchor link={child} className="mobile-menu-sublink" />
                    {child.children && child.children.length > 0 && (
                      <ul>
                        {child.children.map((grandchild) => (
                          <li key={grandchild.id}>
                            <NavAnchor link={grandchild} className="mobile-menu-sublink" />
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Phone and tablet navigation (hidden from 1024 px, where the dropdown navigation shows). Without JS a
 * `<details>` opens the list in the page below the header; with JS a button opens it in a
 * focus-trapped drawer that closes with Escape and after following a link.
 */
export function MobileMenu({ links }: { links: NavLink[] }) {
  const { t } = useTranslation('common')
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  // The drawer's list is built on the first opening, not while the page hydrates: it is the whole
  // category tree, and most visits never open the menu.
  const [opened, setOpened] = useState(false)
  const { key: locationKey } = useLocation()

  useEffect(() => setOpen(false), [locationKey])

  const label = (
    <>
      <MenuIcon />
      <span className="menu-button-label">{t('menu.open')}</span>
    </>
  )

  if (!hydrated) {
    return (
      <details className="mobile-menu mobile-menu-nojs">
        <summary className="menu-button">{label}</summary>
        <nav className="mobile-menu-panel" aria-label={t('menu.title')}>
          <MenuList links={links} />
        </nav>
      </details>
    )
  }
  return (
    <div className="mobile-menu">
      <button
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => {
          setOpened(true)
          setOpen(true)
        }}
      >
        {label}
      </button>
      <Drawer id={drawerId} open={open} onClose={() => setOpen(false)} title={t('menu.title')} closeLabel={t('menu.close')}>
        {opened ? (
          <nav aria-label={t('menu.title')}>
            <MenuList links={links} />
          </nav>
        ) : null}
      </Drawer>
    </div>
  )
}
