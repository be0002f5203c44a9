import { DismissibleAlert } from '@app/components/DismissibleAlert'
import type { SignInError } from '@common/schemas/auth'
import { useTranslation } from 'react-i18next'
import { signInErrorText } from './sign-in-return'

/**
 * Why the last Google sign-in did not sign the browser in. It stays on screen (a toast would vanish
 * before "use the salon's account s•••o@gmail.com" is read) until dismissed or a new attempt.
 */
export function SignInErrorAlert({
  code,
  expected,
  onDismiss,
}: {
  code: SignInError | 'unknown'
  expected?: string
  onDismiss: () => void
}) {
  const { t } = useTranslation()
  return (
    <DismissibleAlert
      title={t('calendarConnect.signInErrors.title')}
      text={signInErrorText(code, expected, t)}
      onDismiss={onDismiss}
    />
  )
}
