import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../components/ComingSoon'

export default function AmbassadorKitPage() {
  const { t } = useTranslation()
  return <ComingSoon title={t('pages.ambassadorKit.title')} description={t('pages.ambassadorKit.description')} />
}
