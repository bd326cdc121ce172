import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import { accountHeaders, accountSession } from '~/store/customer.server'
import { buttonClass } from '~/components/ui/button'

/**
 * The guard of every account page (spec section 6: 'Please log in to access this page.'): an
 * anonymous visitor or a guest is sent to the login page and comes back after logging in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { customer } = await accountSession(context, request, locale)
  return data(
    { locale, name: `${customer.firstName} ${customer.lastName}`.trim(), customerNumber: customer.customerNumber },
    { headers: accountHeaders() },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

const sections = [
  { key: 'overview', path: '/account', end: true },
  { key: 'profile', path: '/account/profile', end: false },
  { key: 'address', path: '/account/address', end: false },
  { key: 'payment', path: '/account/payment', end: false },
  { key: 'order', path: '/account/order', end: false },
] as const

function AccountNavigation({ locale }: { locale: Locale }) {
  const { t } = useTranslation('account')
  return (
    <nav className="account-nav" aria-label={t('nav.label')}>
      <ul>
        {sections.map((section) => (
          <li key={section.key}>
            <NavLink to={localizePath(locale, section.path)} end={section.end}>
              {t(`nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      {/* Logout changes state: a POST (spec section 4), never a link. */}
      <Form method="post" action={localizePath(locale, '/logout')} className="account-logout">
        <button type="submit" className={buttonClass({ variant: 'text' }, 'account-logout-button')}>
          {t('nav.logout')}
        </button>
      </Form>
    </nav>
  )
}

export default function AccountLayout() {
  const { locale, name, customerNumber } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  return (
    <div className="account-layout">
      <aside className="account-sidebar">
        <div className="account-identity">
          <p className="account-greeting">{t('layout.greeting', { name })}</p>
          <p className="account-number">{t('layout.customerNumber', { number: customerNumber })}</p>
        </div>
        <AccountNavigation locale={locale} />
      </aside>
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  )
}
