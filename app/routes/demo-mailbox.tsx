import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { mailboxMeta } from '~/components/demo/meta'
import { Button } from '~/components/ui/button'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { MAILBOX_HEADERS, loadMailbox } from '~/store/demo-mailbox.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const mailbox = await loadMailbox(context, request, locale)
  return data({ locale, ...mailbox }, { headers: MAILBOX_HEADERS })
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders

// Root's meta cannot see this route's data (Remix calls it before the child matches exist), so the page names its own.
export const meta: MetaFunction<typeof loader> = ({ data: pageData }) => mailboxMeta(pageData?.seo)

/** The embedded demo store's outbox: the mails it would have sent, newest first. */
export default function DemoMailbox() {
  const { locale, to, total, mails } = useLoaderData<typeof loader>()
  const { t } = useTranslation('demo')
  const path = localizePath(locale, '/demo/mailbox')
  return (
    <article className="container demo-mailbox">
      <h1>{t('mailbox.title')}</h1>
      <p className="demo-mailbox-intro">{t('mailbox.intro')}</p>
      <Form method="get" action={path} className="demo-mailbox-filter-form">
        <fieldset className="demo-mailbox-filter">
          <legend>{t('mailbox.filter.legend')}</legend>
          <div className="form-field">
            <label className="form-label" htmlFor="demo-mailbox-to">
              {t('mailbox.filter.label')}
            </label>
            <input
              id="demo-mailbox-to"
              className="form-control"
              type="search"
              name="to"
              defaultValue={to}
              autoComplete="off"
              aria-describedby="demo-mailbox-to-hint"
            />
            <p className="form-hint" id="demo-mailbox-to-hint">
              {t('mailbox.filter.hint')}
            </p>
          </div>
          <Button type="submit">{t('mailbox.filter.submit')}</Button>
          {to ? (
            <Link to={path} className="btn btn-medium btn-text">
              {t('mailbox.filter.reset')}
            </Link>
          ) : null}
        </fieldset>
      </Form>
      {mails.length ? (
        <div className="demo-mailbox-table-wrap">
          <table className="demo-mailbox-table">
            <caption>
              {t('mailbox.caption')} – {t('mailbox.count', { shown: mails.length, total })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('mailbox.columns.subject')}</th>
                <th scope="col">{t('mailbox.columns.to')}</th>
                <th scope="col">{t('mailbox.columns.date')}</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id}>
                  <td>
                    <Link to={localizePath(locale, `/demo/mailbox/${mail.id}`)}>{mail.subject || t('mail.noSubject')}</Link>
                  </td>
                  <td>{mail.to}</td>
                  <td>
                    <time dateTime={mail.date}>{mail.dateText}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p role="status">{to ? t('mailbox.emptyFiltered', { to }) : t('mailbox.empty')}</p>
      )}
    </article>
  )
}
