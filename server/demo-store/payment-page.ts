import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { LANGUAGE_KEYS, type LanguageKey } from './constants'
import type { Db } from './db'
import { Serializer } from './entities'
import { languageKeyOf } from './mail/index'
import { formatMoney } from './mail/order-mail'
import { SENDER } from './mail/texts'
import { finishPayment, readPaymentToken, type PaymentOutcome } from './orders'
import { paymentMethod } from './context'
import { PAYMENT_PAGE_TEXTS, type PaymentPageText } from './payment-page-texts'

/**
 * Plain CSS served from here: the host's CSP allows styles from 'self' only (no inline <style>).
 * Focus is always visible (3px outline with offset); colours keep at least 4.5:1 contrast.
 */
const CSS = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;background:#f4f1ea;color:#1f2a1c;font-family:Arial,Helvetica,sans-serif;font-size:1rem;line-height:1.5}
main{max-width:32rem;margin:0 auto;background:#fff;padding:24px;border-radius:6px;border:1px solid #d6d0c4}
.brand{margin:0 0 16px;font-weight:bold;color:#2f5d2a}
h1{font-size:1.5rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:16px 0}
dt{font-weight:bold}dd{margin:0}
.amount{font-size:1.25rem;font-weight:bold}
.actions{display:flex;flex-direction:column;gap:12px;margin:24px 0 8px}
button,.link{font:inherit;padding:12px 16px;border-radius:4px;border:2px solid #2f5d2a;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#2f5d2a;color:#fff}
.fail{background:#fff;color:#8a1c1c;border-color:#8a1c1c}
.cancel,.link{background:#fff;color:#1f2a1c;border-color:#1f2a1c}
button:hover,.link:hover{text-decoration:underline}
button:focus-visible,.link:focus-visible{outline:3px solid #1a4fa0;outline-offset:3px}
.note{font-size:.875rem;color:#4a4a4a}
`

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}

/** The language of pages without an order (unknown token): the browser's preference among de/en/fr, else German. */
function negotiate(req: Request): LanguageKey {
  const accepted = req.acceptsLanguages(...LANGUAGE_KEYS)
  return typeof accepted === 'string' && (LANGUAGE_KEYS as readonly string[]).includes(accepted) ? (accepted as LanguageKey) : 'de'
}

function shopHome(publicUrl: string, language: LanguageKey): string {
  return language === 'de' ? `${publicUrl}/` : `${publicUrl}/${language}/`
}

function page(language: LanguageKey, title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="stylesheet" href="/demo-payment/payment.css">',
    '</head>',
    '<body>',
    '<main>',
    `<p class="brand">Demo Pay · ${escapeHtml(SENDER.name)}</p>`,
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

function messagePage(publicUrl: string, language: LanguageKey, title: string, message: string): string {
  const t = PAYMENT_PAGE_TEXTS[language]
  return page(language, title, [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    `<p><a class="link" href="${escapeHtml(shopHome(publicUrl, language))}">${escapeHtml(t.backToShop)}</a></p>`,
  ].join('\n'))
}

function paymentForm(t: PaymentPageText, language: LanguageKey, token: string, details: { orderNumber: string; amount: string; method: string }): string {
  return page(language, t.title, [
    `<h1>${escapeHtml(t.heading)}</h1>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    '<dl>',
    `<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(SENDER.name)}</dd>`,
    `<dt>${escapeHtml(t.orderNumber)}</dt><dd>${escapeHtml(details.orderNumber)}</dd>`,
    `<dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(details.method)}</dd>`,
    `<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(details.amount)}</dd>`,
    '</dl>',
    // One form, three submit buttons: works without JavaScript; the button pressed names the outcome.
    `<form method="post" action="/demo-payment/${escapeHtml(token)}">`,
    '<div class="actions">',
    `<button type="submit" name="action" value="pay" class="pay">${escapeHtml(t.pay)}</button>`,
    `<button type="submit" name="action" value="fail" class="fail">${escapeHtml(t.fail)}</button>`,
    `<button type="submit" name="action" value="cancel" class="cancel">${escapeHtml(t.cancel)}</button>`,
    '</div>',
    '</form>',
    `<p class="note">${escapeHtml(t.note)}</p>`,
  ].join('\n'))
}

/**
 * The demo payment provider's page, mounted by the host at /demo-payment on the public origin:
 * GET /demo-payment/{token} shows amount, order number and merchant in the order's language with
 * "Pay now", "Simulate failed payment" and "Cancel" as POST buttons; POST finishes the payment once
 * and redirects (302) to the shop's finishUrl or errorUrl?error-code=… (see orders.ts finishPayment).
 * Unknown tokens answer 404, used or expired ones 410, both as pages with a link back to the shop.
 */
export function createPaymentPage(db: Db, publicUrl: string): Router {
  const router = express.Router()
  const origin = new URL(publicUrl).origin

  router.use((_req: Request, res: Response, next: NextFunction) => {
    // Personal and single-use: never cached, never indexed, the token never leaves the origin in a
    // Referer (same-origin, not no-referrer: with no-referrer browsers post the form with Origin: null).
    res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.setHeader('Referrer-Policy', 'same-origin')
    next()
  })

  router.get('/payment.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600')
    res.type('text/css').send(CSS)
  })

  router.get('/:token', (req, res) => {
    const found = readPaymentToken(db, req.params.token)
    if (found.status === 'unknown') {
      const language = negotiate(req)
      const t = PAYMENT_PAGE_TEXTS[language]
      res.status(404).type('html').send(messagePage(publicUrl, language, t.notFoundTitle, t.notFound))
      return
    }
    if (found.status === 'gone') {
      const language = languageKeyOf(found.languageId)
      const t = PAYMENT_PAGE_TEXTS[language]
      res.status(410).type('html').send(messagePage(publicUrl, language, t.goneTitle, t.gone))
      return
    }
    const languageId = String(found.order.language_id)
    const language = languageKeyOf(languageId)
    const s = new Serializer(db, publicUrl, languageId, false)
    const method = paymentMethod(s, String(found.transaction.payment_method_id))
    const amount = JSON.parse(String(found.transaction.amount)) as { totalPrice: number }
    res.type('html').send(paymentForm(PAYMENT_PAGE_TEXTS[language], language, req.params.token, {
      orderNumber: String(found.order.order_number), amount: formatMoney(language, amount.totalPrice), method: String(method?.name ?? ''),
    }))
  })

  router.post('/:token', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const found = readPaymentToken(db, req.params.token)
    const language = found.status === 'unknown' ? negotiate(req) : languageKeyOf(found.status === 'gone' ? found.languageId : String(found.order.language_id))
    const t = PAYMENT_PAGE_TEXTS[language]
    // Only the page itself may post here (the host's request guard may not run before this router).
    const sentOrigin = req.header('origin')
    if ((sentOrigin && sentOrigin !== origin) || req.header('sec-fetch-site') === 'cross-site') {
      res.status(403).type('html').send(messagePage(publicUrl, language, t.forbiddenTitle, t.forbidden))
      return
    }
    if (found.status === 'unknown') {
      res.status(404).type('html').send(messagePage(publicUrl, language, t.notFoundTitle, t.notFound))
      return
    }
    const action = (req.body as Record<string, unknown> | undefined)?.action
    if (action !== 'pay' && action !== 'fail' && action !== 'cancel') {
      res.status(found.status === 'gone' ? 410 : 400).type('html').send(found.status === 'gone'
        ? messagePage(publicUrl, language, t.goneTitle, t.gone)
        : messagePage(publicUrl, language, t.badRequestTitle, t.badRequest))
      return
    }
    const result = finishPayment(db, publicUrl, req.params.token, action as PaymentOutcome)
    if (!result) {
      res.status(410).type('html').send(messagePage(publicUrl, language, t.goneTitle, t.gone))
      return
    }
    res.redirect(302, result.redirect)
  })

  return router
}
