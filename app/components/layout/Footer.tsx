import { useRenderNow } from '@app/lib/render-clock'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Logo } from './Logo'

const LINKS = [
  ['/professional', 'nav.professional'],
  ['/waitlist', 'footer.waitlist'],
  ['/ambassador', 'nav.ambassador'],
] as const

export function Footer() {
  const { t } = useTranslation()
  const year = useRenderNow().getUTCFullYear()
  return (
    <footer className="border-t border-line/70 bg-sand/40 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-sm flex-col gap-3">
          <Logo />
          <p className="text-sm leading-relaxed text-ink-soft">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="grid grid-cols-2 gap-x-12 gap-y-2 text-sm">
            {LINKS.map(([href, label]) => (
              <li key={href}>
                <Link href={href} className="text-ink-soft hover:text-ink hover:underline">
                  {t(label)}
                </Link>
              </li>
            ))}
            <li>
              <a href="mailto:contact@salonia.app" className="text-ink-soft hover:text-ink hover:underline">
                {t('footer.contact')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-ink-soft sm:px-6">{t('footer.copyright', { year })}</p>
    </footer>
  )
}
