import { useAmbassadorLogout } from '@app/features/ambassador/session'
import { LogOut, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Button } from '../ui/Button'

/**
 * The navigation's ambassador part, for the signed-in ambassador the nav bar names (it asks GET
 * /api/ambassador/session, a 200 either way, so no 401 in a visitor's console): their name, leading
 * to their dashboard, and signing out here (POST /api/ambassador/logout; the nav bar shows Connect
 * again once the session has ended). Loaded apart from every page's first load, and only for them.
 */
export default function AmbassadorAccount({ ambassador }: { ambassador: { name: string } }) {
  const { t } = useTranslation()
  const logout = useAmbassadorLogout()
  return (
    <>
      <Button asChild variant="ghost" className="min-w-0 md:max-w-48">
        <Link href="/ambassador/dashboard" aria-label={t('nav.ambassadorArea', { name: ambassador.name })}>
          <UserRound aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{ambassador.name}</span>
        </Link>
      </Button>
      <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
        {!logout.isPending && <LogOut aria-hidden className="size-4" />}
        {t('nav.disconnect')}
      </Button>
    </>
  )
}
