import { useLogout } from '@app/lib/logout'
import { LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button'
import { toast } from '../ui/toast-store'

/** Disconnect, in the navigation of a signed-in professional or administrator (loaded only for them). */
export default function SignOutButton() {
  const { t } = useTranslation()
  const logout = useLogout()
  const signOut = () =>
    logout.mutate(undefined, {
      onError: () => toast({ title: t('nav.logoutFailed'), tone: 'destructive' }),
    })
  return (
    <Button variant="outline" onClick={signOut} loading={logout.isPending}>
      <LogOut aria-hidden className="size-4" />
      {t('nav.disconnect')}
    </Button>
  )
}
