import { useEffect, useRef } from 'react'
import { chatController, type ChatController } from '~/lib/chat/chat-controller'
import { chatSupported, type ChatError } from '~/lib/chat/messenger'
import { activateTaggedScripts, loadScript, tagManagerUrls } from '~/lib/tagged-scripts'
import type { ThirdPartyConfig } from '~/lib/third-party.server'
import type { ConsentCategory } from './consent-types'

interface Props {
  thirdParty: ThirdPartyConfig | undefined
  categories: readonly ConsentCategory[]
}

/**
 * Third-party scripts gated by consent categories (spec section 6). The server renders each as an
 * inert placeholder; the client activates it once its category is accepted, on load and after a
 * consent change without reload (the root loader revalidates after saving). A script cannot be
 * unloaded again: withdrawing measurement stops nothing that ran, but its cookies are cleared (the
 * consent route) and the next page does not load it. Without JS only the tag manager's frame exists,
 * rendered by the server once measurement is accepted; the chat is a JS widget and needs JS.
 */
export function ConsentScripts({ thirdParty, categories }: Props) {
  const tagManager = thirdParty?.tagManager
  const measurement = categories.includes('messurement')
  const categoryKey = categories.join()

  useEffect(() => {
    activateTaggedScripts(document, categoryKey.split(','))
  }, [categoryKey])

  return (
    <>
      {tagManager ? (
        <>
          <script
            type="text/plain"
            data-category="messurement"
            data-service="tagManager"
            data-src={tagManagerUrls(tagManager).script}
            suppressHydrationWarning
          />
          {measurement ? (
            // As markup, not as React children: an iframe element React created on the client after a
            // consent change would load even inside <noscript>, while innerHTML of a <noscript> in a
            // browser with scripting stays text.
            <noscript dangerouslySetInnerHTML={{ __html: noScriptFrame(tagManagerUrls(tagManager).frame) }} />
          ) : null}
        </>
      ) : null}
      {thirdParty?.chat ? (
        <ChatWidget
          origin={thirdParty.chat.origin}
          widgetKey={thirdParty.chat.widgetKey}
          functional={categories.includes('functional')}
        />
      ) : null}
    </>
  )
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The tag manager's frame for browsers without JavaScript, hidden like the vendor's snippet. */
function noScriptFrame(src: string): string {
  return `<iframe src="${escapeAttribute(src)}" hidden height="0" width="0"></iframe>`
}

function warn(error: ChatError) {
  // A shop without its chat still works: a warning, never a page error.
  console.warn(`Chat widget unavailable (${error.reason}): ${error.message}`)
}

/** Creates and mounts the chat with functional consent, destroys it when the consent is withdrawn. */
function ChatWidget({ origin, widgetKey, functional }: { origin: string; widgetKey: string; functional: boolean }) {
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
