import { cn } from '@app/lib/cn'
import { useAmbassadorSession, useSession } from '@app/lib/session'
import { LogIn, Menu, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { Button } from '../ui/Button'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Logo } from './Logo'

const AmbassadorAccount = lazy(() => import('./AmbassadorAccount'))
const SignOutButton = lazy(() => import('./SignOutButton'))

const LINKS = [
  { href: '/', label: 'nav.home' },
  { href: '/professional', label: 'nav.professional' },
  { href: '/ambassador', label: 'nav.ambassador' },
] as const

function isCurrent(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`)
}

/**
 * The sticky bar on every page but the chat: links, language, and Connect or Disconnect — a
 * signed-in ambassador sees their name (a link to their dashboard) and signs out here too.
 */
export function NavBar() {
  const { t } = useTranslation()
  const [location] = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const { session } = useSession()
  const { ambassador } = useAmbassadorSession()

  // The mobile menu closes whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not a value used
  useEffect(() => {
    setMenuOpen(false)
  }, [location])

  const connect = !session.isAuthenticated && (
    <Button asChild>
      <Link href="/professional">
        <LogIn aria-hidden className="size-4" />
        {t('nav.connect')}
      </Link>
    </Button>
  )
  const account = (
    <>
      {/* Connect shows at once; the ambassador's name replaces it once their session is known.
          Its code loads for a signed-in ambassador only: a visitor without a session cookie is
          known to be signed out from the page itself (entry-server.tsx), and loads nothing more. */}
      {ambassador ? (
        <Suspense fallback={connect}>
          <AmbassadorAccount ambassador={ambassador} />
        </Suspense>
      ) : (
        connect
      )}
      {session.isAuthenticated && (
        <Suspense fallback={null}>
          <SignOutButton />
        </Suspense>
      )}
    </>
  )

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-line/70 bg-paper/85 backdrop-blur-md supports-[backdrop-filter]:bg-paper/75">
      <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="rounded-lg" aria-label={t('nav.homeLink')}>
          <Logo />
        </Link>
        <ul className="ml-6 hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={isCurrent(location, link.href) ? 'page' : undefined}
                className={cn(
                  'rounded-lg px-3 py-2 text-sm font-medium text-ink-soft transition-colors hover:bg-sand hover:text-ink',
                  'aria-[current=page]:text-ink aria-[current=page]:underline aria-[current=page]:decoration-brass aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8',
                )}
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <div className="hidden min-w-0 items-center gap-2 md:flex">{account}</div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </Button>
        </div>
      </nav>
      {menuOpen && (
        <div id={menuId} className="animate-slide-down border-t border-line/70 bg-paper md:hidden">
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={isCurrent(location, link.href) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-xl px-3 py-3 text-base font-medium text-ink transition-colors hover:bg-sand aria-[current=page]:bg-sand"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
            <li className="mt-2 flex flex-col gap-2 border-t border-line/70 pt-3 [&>*]:w-full">{account}</li>
          </ul>
        </div>
      )}
    </header>
  )
}
