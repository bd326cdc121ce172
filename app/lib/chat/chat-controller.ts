import { ChatError, createMessenger, loadMessengerModule, type ChatEnvironment, type MessengerApi, type MessengerModule } from './messenger'

export interface ChatControllerOptions {
  origin: string
  widgetKey: string
  env: ChatEnvironment
  /** False in a browser too old for the widget: it is rejected without any request. */
  supported: boolean
  /** Where failures go (console.warn in the browser: a missing chat is no page error). */
  log(error: ChatError): void
}

export interface ChatController {
  /** Functional consent given: create and mount the messenger (once). */
  enable(): void
  /** Functional consent withdrawn: destroy the messenger if there is one. */
  disable(): Promise<void>
}

function asChatError(error: unknown): ChatError {
  return error instanceof ChatError ? error : new ChatError('failed', error instanceof Error ? error.message : String(error))
}

/**
 * Follows the functional consent: created and mounted when given, destroyed when withdrawn, as
 * often as the shopper changes their mind. The messenger script runs once per page; a later
 * consent creates a new messenger from the same module.
 */
export function chatController(options: ChatControllerOptions): ChatController {
  let module: Promise<MessengerModule> | undefined
  let current: Promise<MessengerApi | null> | undefined
  let rejected = false

  const loadModule = () => {
    module ??= loadMessengerModule(options.origin, options.widgetKey, options.env).catch((error: unknown) => {
      // A failed load (network, timeout) may succeed on the next consent.
      module = undefined
      throw error
    })
    return module
  }

  return {
    enable() {
      if (current) return
      if (!options.supported) {
        if (!rejected) options.log(new ChatError('unsupported-browser', 'chat widget not supported by this browser'))
        rejected = true
        return
      }
      current = (async () => {
        const api = await createMessenger(await loadModule())
        const mounted = await api.mount()
        if (mounted.kind === 'error') throw new ChatError('failed', `chat could not be mounted: ${mounted.error}`)
        return api
      })().catch((error: unknown) => {
        options.log(asChatError(error))
        return null
      })
    },
    async disable() {
      const pending = current
      current = undefined
      const api = await pending
      if (!api) return
      const destroyed = await api.destroy()
      if (destroyed.kind === 'error') options.log(new ChatError('failed', `chat could not be destroyed: ${destroyed.error}`))
    },
  }
}
