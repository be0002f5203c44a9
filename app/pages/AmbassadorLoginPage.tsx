import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../components/ComingSoon'
import { Button } from '../components/ui/Button'

export default function AmbassadorLoginPage() {
  const { t } = useTranslation()
  return (
    <ComingSoon
      title={t('pages.ambassador.title')}
      description={t('pages.ambassador.description')}
      action={
        <Button asChild>
          <a href="mailto:ambassadors@salonia.app">{t('pages.ambassador.action')}</a>
        </Button>
      }
    />
  )
}
