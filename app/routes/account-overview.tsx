import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { AddressLines } from '~/components/account/address-lines'
import { NoOrders, OrderTable } from '~/components/account/order-table'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import { accountHeaders, accountPage, accountSessionWith, loadOverview } from '~/store/customer.server'
import { pageMeta } from '~/lib/page-meta'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { loaded } = await accountSessionWith(context, request, locale, (store, customer) =>
    loadOverview(store, customer, context.store.resellerGroupId),
  )
  const overview = await loaded
  return data({ locale, ...overview, ...accountPage(context, locale, 'overview') }, { headers: accountHeaders() })
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

function Card({ id, title, children, action }: { id: string; title: string; children: ReactNode; action: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="account-card-body">{children}</div>
      <p className="account-card-action">{action}</p>
    </section>
  )
}

function CardLink({ locale, path, children }: { locale: Locale; path: string; children: ReactNode }) {
  return (
    <Link to={localizePath(locale, path)} className="account-link">
      {children}
    </Link>
  )
}

export default function AccountOverview() {
  const { locale, profile, billingAddress, shippingAddress, paymentMethod, orders } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const fullName = [profile.salutation, profile.firstName, profile.lastName].filter(Boolean).join(' ')
  return (
    <>
      <header className="account-header">
        <h1>{t('overview.title')}</h1>
        <p className="account-intro">{t('overview.intro')}</p>
      </header>
      {profile.group ? (
        <p className="account-badge account-badge-success">{t('overview.resellerActive', { group: profile.group })}</p>
      ) : profile.groupRequested ? (
        <p className="account-badge account-badge-info">{t('overview.resellerPending')}</p>
      ) : null}
      <div className="account-cards account-cards-pairs">
        <Card
          id="overview-personal"
          title={t('overview.personal')}
          action={<CardLink locale={locale} path="/account/profile">{t('overview.editProfile')}</CardLink>}
        >
          <dl className="account-facts">
            <div>
              <dt>{t('fields.name')}</dt>
              <dd>{fullName}</dd>
            </div>
            <div>
              <dt>{t('fields.email')}</dt>
              <dd className="break">{profile.email}</dd>
            </div>
            {profile.company ? (
              <div>
                <dt>{t('fields.company')}</dt>
                <dd>{profile.company}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('fields.customerNumber')}</dt>
              <dd>{profile.customerNumber}</dd>
            </div>
          </dl>
        </Card>
        <Card
          id="overview-payment"
          title={t('overview.payment')}
          action={<CardLink locale={locale} path="/account/payment">{t('overview.changePayment')}</CardLink>}
        >
          {paymentMethod ? (
            <>
              <p className="account-strong">{paymentMethod.name}</p>
              {paymentMethod.description ? <p className="account-muted">{paymentMethod.description}</p> : null}
            </>
          ) : (
            <p className="account-muted">{t('overview.noPayment')}</p>
          )}
        </Card>
        <Card
          id="overview-billing"
          title={t('overview.billingAddress')}
          action={<CardLink locale={locale} path="/account/address">{t('overview.manageAddresses')}</CardLink>}
        >
          {billingAddress ? <AddressLines address={billingAddress} /> : <p className="account-muted">{t('overview.noAddress')}</p>}
        </Card>
        <Card
          id="overview-shipping"
          title={t('overview.shippingAddress')}
          action={<CardLink locale={locale} path="/account/address">{t('overview.manageAddresses')}</CardLink>}
        >
          {shippingAddress ? (
            shippingAddress.id === billingAddress?.id ? (
              <p className="account-muted">{t('overview.sameAsBilling')}</p>
            ) : (
              <AddressLines address={shippingAddress} />
            )
          ) : (
            <p className="account-muted">{t('overview.noAddress')}</p>
          )}
        </Card>
      </div>
      <section className="account-section" aria-labelledby="overview-orders">
        <div className="account-section-head">
          <h2 id="overview-orders">{t('overview.latestOrders')}</h2>
          {orders.length ? <CardLink locale={locale} path="/account/order">{t('overview.allOrders')}</CardLink> : null}
        </div>
        {orders.length ? <OrderTable orders={orders} locale={locale} caption={t('overview.latestOrders')} /> : <NoOrders locale={locale} />}
      </section>
    </>
  )
}
