import { Hero } from '@app/features/home/Hero'
import { Advantages, Audience, ClosingCall, Features, Highlights, Testimonial } from '@app/features/home/Sections'
import { usePageTitle } from '@app/lib/page-title'
import { useTranslation } from 'react-i18next'

export default function HomePage() {
  const { t } = useTranslation()
  usePageTitle(t('home.title'))
  return (
    <>
      <Hero />
      <Features />
      <Highlights />
      <Audience />
      <Advantages />
      <Testimonial />
      <ClosingCall />
    </>
  )
}
