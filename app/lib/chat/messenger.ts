// The chat widget's loader, modelled on Userlike's messenger API (version 2): a manifest names the
// messenger script, the script announces its module with an event, and the module creates the
// messenger. Written here instead of using the vendor's npm package so nothing of it is bundled or
// requested before functional consent (spec sections 6, 7, 8).

/** Spec section 9: the chat widget API version the shop speaks. */
export const chatVersion = 2

/** The event a messenger script dispatches on window once it has run. */
export const messengerScriptEvent = 'userlike:messenger:script'

export type ActionResult<E, A> = { kind: 'error'; error: E } | { kind: 'success'; value: A }

export interface MessengerApi {
  mount(): Promise<ActionResult<string, void>>
  unmount(): Promise<ActionResult<string, void>>
  destroy(): Promise<ActionResult<string, void>>
}

/** `api: null` means the requested API version has reached its end of life. */
export type CreateMessengerResult = ActionResult<string, { api: MessengerApi | null }>

/** What a messenger script hands over in its event's detail. */
export interface MessengerModule {
  widget_key: string
  config: unknown
  createMessenger(version: number): (config: unknown) => Promise<CreateMessengerResult>
}

export type ChatErrorReason = 'end-of-life' | 'unsupported-browser' | 'failed'

/** Why there is no chat; the shell logs it (console.warn) and shows no widget. */
export class ChatError extends Error {
  constructor(
    readonly reason: ChatErrorReason,
    message: string,
  ) {
    super(message)
    this.name = 'ChatError'
  }
}

export interface ChatEnvironment {
  fetch: typeof fetch
  /** Appends a script element with this src; resolves on load, rejects on error. */
  loadScript(src: string): Promise<void>
  /** Where the messenger script's event arrives (window). */
  events: EventTarget
  /** How long to wait for the script's event after it loaded. */
  timeoutMs?: number
}

/** The manifest URL for a widget key: `<origin>/<key>.json`. */
export function manifestUrl(origin: string, widgetKey: string): string {
  return `${origin}/${encodeURIComponent(widgetKey)}.json`
}

/**
 * An old browser lacks what the widget and this loader use; it is rejected before any request.
 * Takes the global object so the check can be tested.
 */
export function chatSupported(global: Record<string, unknown>): boolean {
  return (
    typeof global.fetch === 'function' &&
    typeof global.Promise === 'function' &&
    typeof global.CustomEvent === 'function' &&
    typeof global.URL === 'function' &&
    typeof global.AbortController === 'function'
  )
}

function messengerEventOf(event: Event): MessengerModule | undefined {
  const detail = (event as CustomEvent<unknown>).detail
  if (!detail || typeof detail !== 'object') return undefined
  const candidate = detail as Partial<MessengerModule>
  return typeof candidate.widget_key === 'string' && typeof candidate.createMessenger === 'function'
    ? (candidate as MessengerModule)
    : undefined
}

/** Fetches the manifest (GET, cors, no credentials) and runs the messenger script it names. */
export async function loadMessengerModule(origin: string, widgetKey: string, env: ChatEnvironment): Promise<MessengerModule> {
  const response = await env.fetch(manifestUrl(origin, widgetKey), { method: 'GET', mode: 'cors', credentials: 'omit' })
  if (!response.ok) throw new ChatError('failed', `chat manifest answered ${response.status}`)
  const manifest: unknown = await response.json()
  const script = (manifest as { script?: unknown } | null)?.script
  if (typeof script !== 'string') throw new ChatError('failed', 'chat manifest names no script')
  const src = new URL(script, `${origin}/`)
  // The manifest must not send the browser elsewhere: only the configured origin is trusted (and in the CSP).
  if (src.origin !== origin) throw new ChatError('failed', `chat manifest points outside ${origin}`)

  return new Promise<MessengerModule>((resolve, reject) => {
    const timer = setTimeout(() => {
      env.events.removeEventListener(messengerScriptEvent, onEvent)
      reject(new ChatError('failed', 'chat script did not announce its messenger'))
    }, env.timeoutMs ?? 15_000)
    function onEvent(event: Event) {
      const module = messengerEventOf(event)
      if (module?.widget_key !== widgetKey) return
      clearTimeout(timer)
      env.events.removeEventListener(messengerScriptEvent, onEvent)
      resolve(module)
    }
    env.events.addEventListener(messengerScriptEvent, onEvent)
    env.loadScript(src.href).catch(() => {
      clearTimeout(timer)
      env.events.removeEventListener(messengerScriptEvent, onEvent)
      reject(new ChatError('failed', 'chat script could not be loaded'))
    })
  })
}

/** Creates the version-2 messenger; an API at its end of life is an error (spec section 8). */
export async function createMessenger(module: MessengerModule): Promise<MessengerApi> {
  const result = await module.createMessenger(chatVersion)(module.config)
  if (result.kind === 'error') throw new ChatError('failed', `chat could not be created: ${result.error}`)
  if (result.value.api === null) throw new ChatError('end-of-life', `chat API version ${chatVersion} reached its end of life`)
  return result.value.api
}
