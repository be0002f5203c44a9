import { useTranslation } from 'react-i18next'
import { Hero } from '../features/home/Hero'
import { Advantages, Audience, ClosingCall, Features, Highlights, Testimonial } from '../features/home/Sections'
import { usePageTitle } from '../lib/page-title'

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
