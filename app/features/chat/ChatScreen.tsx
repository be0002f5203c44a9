import { StatusMessage } from '@app/components/StatusMessage'
import { Button } from '@app/components/ui/Button'
import { ApiError } from '@app/lib/api'
import { useHydrating } from '@app/lib/hydration'
import { changeLanguage, currentLanguage } from '@app/lib/i18n'
import { usePageTitle } from '@app/lib/page-title'
import type { Language } from '@common/languages'
import type { SalonChatInfo } from '@common/schemas/salon'
import { useQuery } from '@tanstack/react-query'
import { RefreshCw, SearchX, WifiOff } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChatHeader } from './ChatHeader'
import { ChatNotice } from './ChatNotice'
import { Composer } from './Composer'
import { type ChatMode, salonChatQueryKey } from './chat-api'
import type { ChatMessage } from './conversation'
import { MessageList } from './MessageList'
import {
  type CustomerProfile,
  createProfile,
  isReturning,
  readProfile,
  saveProfile,
  touchProfile,
  updateProfile,
} from './profile'
import { useChat } from './useChat'

// The profile dialog (with Radix Dialog and the form fields) is not on the first screen's path: it
// loads right after the first render, and the welcome dialog opens once it has arrived.
const loadProfileDialog = () => import('./ProfileDialog')
const ProfileDialog = lazy(async () => ({ default: (await loadProfileDialog()).ProfileDialog }))

function readVisit(salonId: string) {
  const stored = readProfile()
  return { stored, returning: stored !== null && isReturning(stored, salonId, new Date()) }
}

/**
 * The customer's chat with a salon's assistant (spec §2): the salon from the link, the customer's
 * profile from the device, and the conversation of this tab.
 */
export function ChatScreen({ salonId, mode }: { salonId: string; mode: ChatMode }) {
  const { t } = useTranslation()
  const salonQuery = useQuery<SalonChatInfo>({ queryKey: salonChatQueryKey(salonId) })
  const salon = salonQuery.data

  // The profile saved on this device, and whether its owner is back at this salon — decided once,
  // from the last visit, before this visit counts as one. Read after hydration: the server, which
  // never sees the profile cookie (SameSite=Strict), rendered the chat without one.
  const hydrating = useHydrating()
  const [visit, setVisit] = useState(() => (hydrating ? undefined : readVisit(salonId)))
  const [profile, setProfile] = useState<CustomerProfile | null>(visit?.stored ?? null)
  const storedProfile = visit?.stored ?? null
  const returning = visit?.returning ?? false
  const [editing, setEditing] = useState(false)

  useEffect(() => {
    if (visit) return
    const read = readVisit(salonId)
    setVisit(read)
    setProfile(read.stored)
  }, [visit, salonId])

  useEffect(() => {
    if (!salon || !storedProfile) return
    const visited = touchProfile(storedProfile, salonId, new Date())
    saveProfile(visited)
    setProfile(visited)
  }, [salon, storedProfile, salonId])

  const chat = useChat({
    salonId,
    mode,
    profile,
    greeting: salon && profile ? (returning ? 'returning' : 'new') : null,
  })

  // Undefined while the salon loads: the header waits rather than flashing a generic name.
  const salonName = salon ? salon.name.trim() || t('chat.header.fallbackName') : undefined
  usePageTitle(salonName)

  const composerFocus = useRef(false)
  const dialog = salon && visit && !profile ? 'welcome' : editing ? 'edit' : null
  // Mounted from its first opening on, so that it closes with its animation and gives focus back.
  const [dialogMounted, setDialogMounted] = useState(false)
  if (dialog !== null && !dialogMounted) setDialogMounted(true)
  useEffect(() => {
    void loadProfileDialog()
  }, [])

  const saveFromDialog = (input: { name: string; phone?: string }) => {
    const now = new Date()
    if (!profile) {
      const created = createProfile(input, currentLanguage(), salonId, now)
      saveProfile(created, now)
      setProfile(created)
      composerFocus.current = true
      return
    }
    const updated = updateProfile(profile, input, now)
    saveProfile(updated, now)
    setProfile(updated)
    setEditing(false)
    chat.say(t('chat.profile.updated', { name: updated.name }))
  }

  const switchLanguage = async (language: Language) => {
    await changeLanguage(language)
    if (!profile) return
    const updated = { ...profile, language }
    saveProfile(updated)
    setProfile(updated)
  }

  const welcomeText = (message: ChatMessage) =>
    message.welcome === 'returning' && profile
      ? t('chat.welcome.returning', { name: profile.name, salon: salonName ?? '' })
      : t('chat.welcome.new', { salon: salonName ?? '' })

  if (salonQuery.isError) {
    const notFound = salonQuery.error instanceof ApiError && salonQuery.error.status === 404
    return (
      <ChatNotice>
        {notFound ? (
          <StatusMessage
            icon={SearchX}
            tone="neutral"
            title={t('chat.notFound.title')}
            description={t('chat.notFound.description')}
          />
        ) : (
          <StatusMessage
            icon={WifiOff}
            tone="neutral"
            title={t('chat.loadError.title')}
            description={t('chat.loadError.description')}
            homeButton="outline"
            actions={
              <Button onClick={() => salonQuery.refetch()} loading={salonQuery.isFetching}>
                <RefreshCw aria-hidden className="size-4" />
                {t('chat.loadError.retry')}
              </Button>
            }
          />
        )}
      </ChatNotice>
    )
  }

  return (
    <div className="relative flex h-dvh flex-col overflow-clip bg-sand/70 lg:py-6">
      <div
        aria-hidden
        className="pointer-events-none absolute -left-48 -top-48 hidden size-[34rem] rounded-full bg-primary-soft blur-3xl lg:block"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-56 -right-40 hidden size-[30rem] rounded-full bg-brass/15 blur-3xl lg:block"
      />
      {/*
        Inert and hidden from assistive technologies behind the profile dialog, from the very render
        that opens it: the dialog's title is then the page's only heading.
      */}
      <div
        inert={dialog !== null}
        aria-hidden={dialog !== null || undefined}
        className="relative mx-auto flex min-h-0 w-full max-w-[760px] flex-1 flex-col overflow-clip bg-paper lg:rounded-[1.75rem] lg:border lg:border-line/80 lg:shadow-lifted"
      >
        <ChatHeader
          salonName={salonName}
          address={salon?.address}
          customerName={profile?.name}
          mode={mode}
          telegramLink={salon?.telegramLink}
          onProfile={profile ? () => setEditing(true) : undefined}
          onReset={chat.reset}
          onLanguage={switchLanguage}
        />
        <main className="flex min-h-0 flex-1 flex-col">
          <MessageList
            messages={chat.messages}
            pending={chat.pending}
            salonName={salonName}
            address={salon?.address}
            telegramLink={salon?.telegramLink}
            welcomeText={welcomeText}
            onTap={chat.send}
          />
          <Composer pending={chat.pending} disabled={!profile} onSend={chat.send} />
        </main>
      </div>
      {dialogMounted && (
        <Suspense fallback={null}>
          <ProfileDialog
            mode={dialog}
            salonName={salonName}
            initial={profile ?? undefined}
            onSave={saveFromDialog}
            onClose={() => setEditing(false)}
            onClosed={(event) => {
              if (!composerFocus.current) return
              composerFocus.current = false
              event.preventDefault()
              document.getElementById('chat-message')?.focus()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
