import { useFetcher, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { localizePath, type Locale } from '~/lib/locale'

/** What `/search-suggest` answers (app/store/listing.server.ts `Suggestions`). */
interface SuggestionData {
  term: string
  total: number
  products: { id: string; name: string; productNumber: string; href: string; matchedOriginal?: string }[]
}

const DEBOUNCE_MS = 250
const MIN_LENGTH = 2

interface SearchComboboxProps {
  locale: Locale
  inputId: string
  defaultValue?: string
  placeholder: string
}

/**
 * The header's search field. Server-rendered it is a plain search input in a GET form to /search;
 * after hydration it becomes an ARIA 1.2 combobox with a listbox of suggestions (debounced), arrow
 * keys to move, Enter to open the active product and Escape to close.
 */
export function SearchCombobox({ locale, inputId, defaultValue, placeholder }: SearchComboboxProps) {
  const { t } = useTranslation('listing')
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const fetcher = useFetcher<SuggestionData>()
  const listboxId = useId()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const [term, setTerm] = useState(defaultValue ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // Text typed before hydration becomes the term the suggestions are for.
    if (input.current && input.current.value !== term) setTerm(input.current.value)
    return () => clearTimeout(timer.current)
    // Only on mount: later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Only an answer for the term still in the field counts (a slow reply must not replace a newer one).
  const data = fetcher.data && fetcher.data.term === term.replace(/\s+/g, ' ').trim() ? fetcher.data : undefined
  const searchHref = `${localizePath(locale, '/search')}?${new URLSearchParams({ search: term.trim() })}`
  const options = data?.products.length
    ? [
        ...data.products.map((p) => ({
          key: p.id,
          href: p.href,
          name: p.name,
          number: p.productNumber,
          original: p.matchedOriginal ? t('product.originalNumber', { number: p.matchedOriginal }) : undefined,
        })),
        { key: 'all', href: searchHref, name: t('search.showAll', { count: data.total }), number: '', original: undefined },
      ]
    : []
  const expanded = hydrated && open && options.length > 0
  // A term without hits says so under the field (the status line tells screen readers).
  const nothingFound = hydrated && open && data !== undefined && data.products.length === 0

  const onInput = (value: string) => {
    setTerm(value)
    setActive(-1)
    clearTimeout(timer.current)
    const trimmed = value.trim()
    if (trimmed.length < MIN_LENGTH) {
      setOpen(false)
      return
    }
    timer.current = setTimeout(() => {
      fetcher.load(`${localizePath(locale, '/search-suggest')}?${new URLSearchParams({ search: trimmed })}`)
      setOpen(true)
    }, DEBOUNCE_MS)
  }

  const choose = (href: string) => {
    setOpen(false)
    setActive(-1)
    navigate(href)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        if (!options.length) return
        event.preventDefault()
        setOpen(true)
        setActive((i) => (!expanded ? 0 : (i + 1) % options.length))
        break
      case 'ArrowUp':
        if (!options.length) return
        event.preventDefault()
        setOpen(true)
        setActive((i) => (!expanded || i <= 0 ? options.length - 1 : i - 1))
        break
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined
        if (option) {
          event.preventDefault()
          choose(option.href)
        } else {
          setOpen(false)
        }
        break
      }
      case 'Escape':
        if (expanded || nothingFound) {
          // First Escape closes the popup; the browser's own Escape (clearing the field) waits for the next.
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        }
        break
    }
  }

  const count = data?.products.length ?? 0
  return (
    <div className="search-combobox">
      <input
        id={inputId}
        type="search"
        name="search"
        ref={input}
        // Uncontrolled: text typed before hydration must survive it.
        defaultValue={defaultValue}
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        placeholder={placeholder}
        autoComplete="off"
        required
        maxLength={100}
        {...(hydrated
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listboxId,
              'aria-activedescendant': expanded && active >= 0 ? `${listboxId}-${active}` : undefined,
            }
          : {})}
      />
      {hydrated ? (
        <>
          <ul id={listboxId} role="listbox" aria-label={t('search.suggestions')} className="search-suggestions" hidden={!expanded}>
            {options.map((option, index) => (
              <li
                key={option.key}
                id={`${listboxId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={option.key === 'all' ? 'search-suggestion search-suggestion-all' : 'search-suggestion'}
                // Keeps focus in the field so the click lands before blur closes the list.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option.href)}
              >
                <span className="search-suggestion-name">{option.name}</span>
                {option.number ? (
                  <span className="search-suggestion-number">
                    {option.number}
                    {option.original ? <span className="search-suggestion-original">{option.original}</span> : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {nothingFound ? (
            <p className="search-suggestions search-no-suggestions" aria-hidden="true">
              {t('search.noSuggestionsFor', { term: data.term })}
            </p>
          ) : null}
          <p className="visually-hidden" role="status" aria-live="polite">
            {open && data ? (count ? t('search.suggestionsCount', { count }) : t('search.noSuggestionsFor', { term: data.term })) : ''}
          </p>
        </>
      ) : null}
    </div>
  )
}
