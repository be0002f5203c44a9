import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../components/ComingSoon'

export default function AmbassadorDashboardPage() {
  const { t } = useTranslation()
  return (
    <ComingSoon title={t('pages.ambassadorDashboard.title')} description={t('pages.ambassadorDashboard.description')} />
  )
}
