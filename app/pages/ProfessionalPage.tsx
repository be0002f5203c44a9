import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { ComingSoon } from '../components/ComingSoon'
import { Button } from '../components/ui/Button'

export default function ProfessionalPage() {
  const { t } = useTranslation()
  return (
    <ComingSoon
      title={t('pages.professional.title')}
      description={t('pages.professional.description')}
      action={
        <Button asChild>
          <Link href="/waitlist">{t('pages.professional.action')}</Link>
        </Button>
      }
    />
  )
}
