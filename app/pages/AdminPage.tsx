import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../components/ComingSoon'

export default function AdminPage() {
  const { t } = useTranslation()
  return <ComingSoon title={t('pages.admin.title')} description={t('pages.admin.description')} />
}
