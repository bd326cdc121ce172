import { useEffect, useRef } from 'react'
import { chatController, type ChatController } from '~/lib/chat/chat-controller'
import { chatSupported, type ChatError } from '~/lib/chat/messenger'
import { loadScript } from '~/lib/tagged-scripts'

function warn(error: ChatError) {
  // A shop without its chat still works: a warning, never a page error.
  console.warn(`Chat widget unavailable (${error.reason}): ${error.message}`)
}

/**
 * Creates and mounts the chat with functional consent, destroys it when the consent is withdrawn.
 * ConsentScripts renders it only where a chat is configured.
 */
export function ChatWidget({ origin, widgetKey, functional }: { origin: string; widgetKey: string; functional: boolean }) {
  const controller = useRef<{ key: string; chat: ChatController }>()

  useEffect(() => {
    const key = `${origin} ${widgetKey}`
    if (controller.current?.key !== key) {
      void controller.current?.chat.disable()
      controller.current = {
        key,
        chat: chatController({
          origin,
          widgetKey,
          supported: chatSupported(window as unknown as Record<string, unknown>),
          // Read lazily: an old browser without fetch is rejected before anything is called.
          env: { fetch: (input, init) => window.fetch(input, init), loadScript: (src) => loadScript(document, src), events: window },
          log: warn,
        }),
      }
    }
    const { chat } = controller.current
    if (functional) chat.enable()
    else void chat.disable()
  }, [origin, widgetKey, functional])

  // Leaving the shell (an error page without it) takes the chat along.
  useEffect(
    () => () => {
      void controller.current?.chat.disable()
      controller.current = undefined
    },
    [],
  )

  return null
}
