import { useForm, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createTranslator } from '~/lib/translator'
import { TranslationProvider } from '~/lib/use-translation'
import { describe, expect, it } from 'vitest'
import auth from '../../../locales/en/auth.json'
import { ErrorList, Fieldset, RadioGroupField, TextAreaField, TextField } from './form'

const translator = createTranslator('en', { auth })

type Fields = ReturnType<typeof useForm<Record<string, string>>>[1]

function Harness({ lastResult, children }: { lastResult?: SubmissionResult<string[]>; children: (fields: Fields) => ReactNode }) {
  const [, fields] = useForm<Record<string, string>>({ id: 'f', lastResult })
  return <>{children(fields)}</>
}

function render(lastResult: SubmissionResult<string[]> | undefined, children: (fields: Fields) => ReactNode): string {
  return renderToString(
    <TranslationProvider translator={translator}>
      <Harness lastResult={lastResult}>{children}</Harness>
    </TranslationProvider>,
  )
}

const failed = (name: string, value: string): SubmissionResult<string[]> => ({
  status: 'error',
  initialValue: { [name]: value },
  error: { [name]: ['auth:validation.required'] },
})

const required = auth.validation.required

describe('RadioGroupField', () => {
  const options = [
    { value: 'invoice', label: 'Invoice', description: 'Pay within 30 days' },
    { value: 'prepayment', label: 'Prepayment' },
  ]

  it('names the group by its legend and each radio by its label and description', () => {
    const html = render(undefined, (fields) => (
      <RadioGroupField field={fields.method} legend="Payment method" options={options} defaultValue="prepayment" />
    ))
    expect(html).toMatch(/<fieldset class="form-fieldset form-radio-group">\s*<legend class="form-label">Payment method/)
    expect(html).toMatch(/<input id="f-method-invoice"[^>]*aria-describedby="f-method-invoice-description"/)
    expect(html).toContain('<span id="f-method-invoice-description" class="form-radio-description">Pay within 30 days</span>')
    expect(html).toMatch(/<input id="f-method-prepayment"[^>]*checked=""/)
    expect(html).not.toContain('aria-invalid')
  })

  it('after a refused submit points the group at its translated error and keeps the choice', () => {
    const html = render(failed('method', 'invoice'), (fields) => (
      <RadioGroupField field={fields.method} legend="Payment method" options={options} defaultValue="prepayment" />
    ))
    const errorId = /<p id="([^"]+)" class="form-error">/.exec(html)?.[1]
    expect(errorId).toBeTruthy()
    expect(html).toContain(`aria-describedby="${errorId}" aria-invalid="true"`)
    expect(html.match(/type="radio"[^>]*aria-invalid="true"/g)).toHaveLength(2)
    expect(html).toMatch(/<input id="f-method-invoice"[^>]*checked=""/)
    expect(html).not.toMatch(/<input id="f-method-prepayment"[^>]*checked=""/)
    expect(html).toContain(required.replace('{{field}}', 'Payment method'))
  })
})

describe('TextField and TextAreaField', () => {
  it('describe the control by its hint, and mark it invalid with the error', () => {
    const html = render(failed('email', 'a@'), (fields) => (
      <>
        <TextField field={fields.email} label="Email" hint="For the invoice" type="email" />
        <TextAreaField field={fields.message} label="Message" />
      </>
    ))
    expect(html).toContain('<input id="f-email" name="email" form="f" aria-invalid="true" aria-describedby="f-email-error f-email-description" type="email"')
    expect(html).toContain(`<p id="f-email-error" class="form-error">${required}</p>`)
    expect(html).toContain('value="a@"')
    expect(html).toContain('class="form-hint">For the invoice</p>')
    expect(html).toMatch(/<textarea[^>]*class="form-control"/)
    expect(html).not.toMatch(/<textarea[^>]*aria-invalid/)
  })
})

describe('ErrorList and Fieldset', () => {
  it('renders nothing without errors unless it is a live region kept in place', () => {
    expect(render(undefined, () => <ErrorList id="e" errors={[]} fieldName="City" />)).toBe('')
    expect(render(undefined, () => <ErrorList id="e" errors={null} fieldName="City" alert />)).toBe('<p id="e" class="form-error" role="alert"></p>')
  })

  it('translates each message with the field name', () => {
    const html = render(undefined, () => <ErrorList id="e" errors={['auth:validation.required']} fieldName="City" />)
    expect(html).toBe(`<p id="e" class="form-error">${required.replace('{{field}}', 'City')}</p>`)
  })

  it('can hide the legend visually but keeps it for screen readers', () => {
    const html = renderToString(
      <Fieldset legend="Company" legendHidden>
        <span />
      </Fieldset>,
    )
    expect(html).toBe('<fieldset class="form-fieldset"><legend class="visually-hidden">Company</legend><span></span></fieldset>')
  })
})
