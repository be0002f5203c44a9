import { LanguageSwitcher } from '@app/components/layout/LanguageSwitcher'
import { Logo } from '@app/components/layout/Logo'
import { Card } from '@app/components/ui/Card'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

/** A chat link that leads to no conversation (no salon, unknown salon): a message in a card. */
export function ChatNotice({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col bg-sand/50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link href="/" aria-label={t('nav.homeLink')} className="rounded-lg">
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <Card className="w-full max-w-md p-8">{children}</Card>
      </main>
    </div>
  )
}
