import { Form, Link, useNavigation, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { buttonClass } from '~/components/ui/button'
import type { FinderStep } from '~/store/finder.server'

/**
 * The finder's GET form. Without JavaScript the visitor picks values and presses the submit button;
 * with it, changing a select clears the steps after it and reloads the options through the loader
 * (a client navigation that replaces the history entry, no full page load).
 */
export function FinderForm({ steps, action }: { steps: FinderStep[]; action: string }) {
  const { t } = useTranslation('media')
  const formRef = useRef<HTMLFormElement>(null)
  const submit = useSubmit()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === action

  const onChange = (index: number) => () => {
    const form = formRef.current
    if (!form) return
    // Later steps were offered for the old value; keeping them would only produce "ignored" notices.
    steps.slice(index + 1).forEach((step) => {
      const select = form.elements.namedItem(step.param)
      if (select instanceof HTMLSelectElement) select.value = ''
    })
    // Unchosen steps stay out of the URL, so shared links carry only real choices.
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') params.append(name, value)
    submit(params, { method: 'get', action, replace: true, preventScrollReset: true })
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      className="finder-form"
      aria-label={t('finder.formLabel')}
      aria-busy={busy}
      data-enhanced={hydrated ? '' : undefined}
    >
      {steps.map((step, index) => {
        const id = `finder-${step.param}`
        const empty = step.options.length === 0
        return (
          <div className="form-field finder-field" key={step.key}>
            <label htmlFor={id} className="form-label">
              {t(`finder.steps.${step.key}`)}
            </label>
            <select
              id={id}
              name={step.param}
              defaultValue={step.selected ?? ''}
              // Uncontrolled, so the choice stays visible while the loader runs; a new key resets it to the loader's answer.
              key={`${step.selected ?? ''}|${step.options.map((option) => option.value).join('|')}`}
              disabled={empty}
              className="form-control"
              onChange={onChange(index)}
            >
              <option value="">{empty ? t('finder.noOptions') : t('finder.any')}</option>
              {step.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {t('finder.option', { value: option.value, count: option.count })}
                </option>
              ))}
            </select>
          </div>
        )
      })}
      <div className="finder-actions">
        <button type="submit" className={buttonClass({ variant: 'primary' })}>
          {t('finder.submit')}
        </button>
        <Link to={action} className={buttonClass({ variant: 'text', color: 'black' })}>
          {t('finder.reset')}
        </Link>
      </div>
    </Form>
  )
}
