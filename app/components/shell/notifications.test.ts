import { describe, expect, it } from 'vitest'
import type { Notification } from '~/lib/shell-types'
import { mergeNotifications } from './notifications'

const n = (id: string): Notification => ({ id, type: 'info', message: id })

describe('mergeNotifications', () => {
  it('appends only notifications not shown yet', () => {
    expect(mergeNotifications([n('a')], [n('a'), n('b')]).map((x) => x.id)).toEqual(['a', 'b'])
  })
  it('keeps the same array when nothing is new, so React skips a render', () => {
    const shown = [n('a')]
    expect(mergeNotifications(shown, [n('a')])).toBe(shown)
  })
})
