import { StatusMessage } from '@app/components/StatusMessage'
import { ChatNotice } from '@app/features/chat/ChatNotice'
import { ChatScreen } from '@app/features/chat/ChatScreen'
import { usePageTitle } from '@app/lib/page-title'
import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'wouter'

/**
 * The customer's chat with the salon's assistant. Without a salon in the link it is the
 * restricted-access screen of the spec; a link with a 'legacy' segment talks to the legacy assistant.
 */
export default function ChatPage() {
  const { salonId } = useParams<{ salonId?: string }>()
  const [location] = useLocation()
  if (!salonId) return <Restricted />
  const mode = location.split('/').includes('legacy') ? 'legacy' : 'mcp'
  return <ChatScreen key={`${salonId}/${mode}`} salonId={salonId} mode={mode} />
}

function Restricted() {
  const { t } = useTranslation()
  usePageTitle(t('chat.restricted.title'))
  return (
    <ChatNotice>
      <StatusMessage
        icon={Lock}
        tone="neutral"
        title={t('chat.restricted.title')}
        description={t('chat.restricted.description')}
      />
    </ChatNotice>
  )
}
