import { describe, expect, it, vi } from 'vitest'
import { chatController } from './chat-controller'
import {
  ChatError,
  chatSupported,
  chatVersion,
  manifestUrl,
  messengerScriptEvent,
  type ChatEnvironment,
  type CreateMessengerResult,
  type MessengerApi,
} from './messenger'

const origin = 'https://chat.example'
const ok = () => Promise.resolve({ kind: 'success' as const, value: undefined })

/**
 * A browser stand-in: the manifest answer is real JSON over a Response, and "loading" the script
 * dispatches the messenger event the way a vendor script does when it runs.
 */
function environment(options: { api?: 'ok' | 'eol' | 'error'; manifest?: unknown; status?: number; announce?: boolean } = {}) {
  const events = new EventTarget()
  const widget = { mounted: 0, destroyed: 0, versions: [] as number[] }
  const api: MessengerApi = {
    mount: () => {
      widget.mounted += 1
      return ok()
    },
    unmount: ok,
    destroy: () => {
      widget.destroyed += 1
      return ok()
    },
  }
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(options.manifest ?? { script: '/messenger/key-de.js' }), { status: options.status ?? 200 }),
  )
  const loadScript = vi.fn(async (src: string) => {
    if (options.announce === false) return
    const key = /messenger\/(.+)\.js$/.exec(src)?.[1]
    events.dispatchEvent(
      new CustomEvent(messengerScriptEvent, {
        detail: {
          widget_key: key,
          config: {},
          createMessenger: (version: number) => async (): Promise<CreateMessengerResult> => {
            widget.versions.push(version)
            if (options.api === 'error') return { kind: 'error', error: 'boom' }
            return { kind: 'success', value: { api: options.api === 'eol' ? null : api } }
          },
        },
      }),
    )
  })
  const env: ChatEnvironment = { fetch, loadScript, events, timeoutMs: 200 }
  return { env, fetch, loadScript, widget }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('chat widget loader', () => {
  it('fetches the manifest of the key with GET and cors, without credentials', async () => {
    const { env, fetch, loadScript, widget } = environment()
    const logged: ChatError[] = []
    const chat = chatController({ origin, widgetKey: 'key-de', env, supported: true, log: (e) => logged.push(e) })
    chat.enable()
    await flush()
    expect(fetch).toHaveBeenCalledWith(manifestUrl(origin, 'key-de'), { method: 'GET', mode: 'cors', credentials: 'omit' })
    expect(manifestUrl(origin, 'key-de')).toBe('https://chat.example/key-de.json')
    expect(loadScript).toHaveBeenCalledWith('https://chat.example/messenger/key-de.js')
    expect(widget).toEqual({ mounted: 1, destroyed: 0, versions: [chatVersion] })
    expect(chatVersion).toBe(2)
    expect(logged).toEqual([])
  })

  it('destroys the messenger on withdrawal and creates a new one from the same script on a new consent', async () => {
    const { env, loadScript, widget } = environment()
    const chat = chatController({ origin, widgetKey: 'key-de', env, supported: true, log: () => {} })
    chat.enable()
    chat.enable()
    await chat.disable()
    expect(widget.destroyed).toBe(1)
    chat.enable()
    await flush()
    expect(widget.mounted).toBe(2)
    expect(loadScript).toHaveBeenCalledTimes(1)
  })

  it('reports an API at its end of life as an error and shows no chat', async () => {
    const { env, widget } = environment({ api: 'eol' })
    const logged: ChatError[] = []
    chatController({ origin, widgetKey: 'key-de', env, supported: true, log: (e) => logged.push(e) }).enable()
    await flush()
    expect(logged.map((e) => e.reason)).toEqual(['end-of-life'])
    expect(widget.mounted).toBe(0)
  })

  it('rejects an old browser without making any request', async () => {
    const { env, fetch } = environment()
    const logged: ChatError[] = []
    const chat = chatController({ origin, widgetKey: 'key-de', env, supported: false, log: (e) => logged.push(e) })
    chat.enable()
    await chat.disable()
    chat.enable()
    expect(fetch).not.toHaveBeenCalled()
    expect(logged.map((e) => e.reason)).toEqual(['unsupported-browser'])
  })

  it('logs other failures: a failing manifest, a foreign script, a creation error, a silent script', async () => {
    const cases = [
      environment({ status: 503 }),
      environment({ manifest: { script: 'https://elsewhere.example/x.js' } }),
      environment({ manifest: {} }),
      environment({ api: 'error' }),
      environment({ announce: false }),
    ]
    for (const [index, { env, widget, loadScript }] of cases.entries()) {
      const logged: ChatError[] = []
      chatController({ origin, widgetKey: 'key-de', env, supported: true, log: (e) => logged.push(e) }).enable()
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(logged.map((e) => e.reason)).toEqual(['failed'])
      expect(widget.mounted).toBe(0)
      // A script outside the configured origin is never requested.
      if (index === 1) expect(loadScript).not.toHaveBeenCalled()
    }
  })

  it('knows what an old browser lacks', () => {
    expect(chatSupported(globalThis as unknown as Record<string, unknown>)).toBe(true)
    expect(chatSupported({ ...(globalThis as unknown as Record<string, unknown>), fetch: undefined })).toBe(false)
    expect(chatSupported({ Promise, URL })).toBe(false)
  })
})
