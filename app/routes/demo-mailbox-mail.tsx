import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { mailboxMeta } from '~/components/demo/meta'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { MAILBOX_HEADERS, loadMailboxMail } from '~/store/demo-mailbox.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const mailbox = await loadMailboxMail(context, request, locale, params.id ?? '')
  return data({ locale, ...mailbox }, { headers: MAILBOX_HEADERS })
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders

// Root's meta cannot see this route's data (Remix calls it before the child matches exist), so the page names its own.
export const meta: MetaFunction<typeof loader> = ({ data: pageData }) => mailboxMeta(pageData?.seo)

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/g

/** The text part with its web addresses as real links, so a shopper can follow them (also without JavaScript). */
function linkify(text: string): ReactNode[] {
  return text.split(URL_IN_TEXT).map((piece, index) => {
    if (index % 2 === 0) return piece
    // Sentence punctuation right after an address is not part of it.
    const url = piece.replace(/[.,;:!?)]+$/, '')
    return [
      <a key={index} href={url}>
        {url}
      </a>,
      piece.slice(url.length),
    ]
  })
}

export default function DemoMailboxMail() {
  const { locale, mail } = useLoaderData<typeof loader>()
  const { t } = useTranslation('demo')
  const subject = mail.subject || t('mail.noSubject')
  return (
    <article className="container demo-mailbox">
      <p>
        <Link to={localizePath(locale, '/demo/mailbox')}>{t('mail.back')}</Link>
      </p>
      <h1>{subject}</h1>
      <dl className="demo-mail-meta">
        <dt>{t('mail.to')}</dt>
        <dd>{mail.to}</dd>
        <dt>{t('mail.date')}</dt>
        <dd>
          <time dateTime={mail.date}>{mail.dateText}</time>
        </dd>
      </dl>
      {mail.text ? (
        <section aria-labelledby="demo-mail-text">
          <h2 id="demo-mail-text">{t('mail.text')}</h2>
          <div className="demo-mail-text">{linkify(mail.text)}</div>
        </section>
      ) : null}
      {mail.html ? (
        <section aria-labelledby="demo-mail-html">
          <h2 id="demo-mail-html">{t('mail.html')}</h2>
          {/* No allow-scripts and no allow-same-origin: the mail's markup can neither run code nor reach the shop. */}
          <iframe
            className="demo-mail-frame"
            title={t('mail.frameTitle', { subject })}
            srcDoc={mail.html}
            sandbox="allow-top-navigation-by-user-activation"
          />
        </section>
      ) : null}
    </article>
  )
}
