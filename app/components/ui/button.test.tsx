import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Button, ButtonAnchor, IconButton, buttonClass, buttonColors, buttonSizes, buttonVariants } from './button'

const css = readFileSync(new URL('../../styles/app.css', import.meta.url), 'utf8')

/** The declarations of one rule whose selector list is exactly `selector`. */
function rule(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(css)
  if (!match) throw new Error(`no rule for ${selector} in app.css`)
  return match[1]
}

describe('buttonClass', () => {
  it('defaults to a medium, primary button in the brand colour', () => {
    expect(buttonClass()).toBe('btn btn-medium btn-primary btn-color')
  })

  it('names size, variant, colour and extra classes', () => {
    expect(buttonClass({ size: 'small', variant: 'text', color: 'white' }, 'x')).toBe('btn btn-small btn-text btn-white x')
  })
})

describe('button styles in app.css', () => {
  it('gives small, medium and large the heights of spec section 9 (40, 48, 56 px)', () => {
    expect(rule('.btn-small')).toContain('min-height: 40px')
    expect(rule('.btn-medium')).toContain('min-height: 48px')
    expect(rule('.btn-large')).toContain('min-height: 56px')
  })

  it('has a rule for every size, variant and colour the component offers', () => {
    for (const name of [...buttonSizes, ...buttonVariants]) expect(() => rule(`.btn-${name}`)).not.toThrow()
    for (const color of buttonColors) expect(rule(`.btn-${color}`)).toMatch(/--btn-ink:[^;]+;[\s\S]*--btn-on-ink:/)
  })
})

describe('Button components', () => {
  it('renders a non-submitting button unless told otherwise', () => {
    expect(renderToString(<Button>Save</Button>)).toBe('<button type="button" class="btn btn-medium btn-primary btn-color">Save</button>')
    expect(renderToString(<Button type="submit" size="large" color="black">Order</Button>)).toContain(
      'type="submit" class="btn btn-large btn-primary btn-black"',
    )
  })

  it('passes the colour to links that look like buttons instead of onto the element', () => {
    const html = renderToString(
      <ButtonAnchor href="/x" variant="secondary" color="white">
        Go
      </ButtonAnchor>,
    )
    expect(html).toBe('<a class="btn btn-medium btn-secondary btn-white" href="/x">Go</a>')
  })

  it('gives an icon button its name as text', () => {
    const html = renderToString(
      <IconButton label="Close">
        <svg aria-hidden="true" />
      </IconButton>,
    )
    expect(html).toContain('class="btn btn-medium btn-text btn-grey btn-icon"')
    expect(html).toContain('<span class="visually-hidden">Close</span>')
  })
})
