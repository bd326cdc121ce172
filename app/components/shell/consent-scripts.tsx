import { useEffect } from 'react'
import { activateTaggedScripts, tagManagerUrls } from '~/lib/tagged-scripts'
import type { ThirdPartyConfig } from '~/lib/third-party.server'
import { island } from '~/components/ui/island'
import type { ConsentCategory } from './consent-types'

// Only a shop with a chat configured renders it, and only then loads its code (an island, ADR 009).
const importChatWidget = () => import('./chat-widget').then((module) => module.ChatWidget)
const ChatWidget = island(import.meta.env.SSR ? await importChatWidget() : undefined, importChatWidget)

interface Props {
  thirdParty: ThirdPartyConfig | undefined
  categories: readonly ConsentCategory[]
}

/**
 * Third-party scripts gated by consent categories (spec section 6). The server renders each as an
 * inert placeholder, marked `data-consented` once its category is accepted; the client activates it
 * on load (app/entry.client.tsx, before and without hydration) and after a consent change without
 * reload (the root loader revalidates after saving). A script cannot be
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
            data-consented={measurement ? '' : undefined}
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
