import { LANGUAGES, type Language } from '../../common/languages'

/**
 * Placeholder front page while the web app is being built: says what Salonia is and that the
 * screens are on their way, in the visitor's language. The booking API behind it is complete.
 */
const TEXT: Record<Language, { tagline: string; soon: string; api: string }> = {
  fr: {
    tagline: 'La réservation par chat pour les salons de coiffure et de beauté.',
    soon: "L'application web arrive bientôt.",
    api: 'État du service',
  },
  de: {
    tagline: 'Terminbuchung per Chat für Friseur- und Kosmetiksalons.',
    soon: 'Die Web-App ist bald verfügbar.',
    api: 'Dienststatus',
  },
  it: {
    tagline: 'Prenotazioni via chat per parrucchieri e centri estetici.',
    soon: "L'applicazione web arriva presto.",
    api: 'Stato del servizio',
  },
  en: {
    tagline: 'Chat booking for hair and beauty salons.',
    soon: 'The web app is coming soon.',
    api: 'Service status',
  },
}

function visitorLanguage(): Language {
  const stored = localStorage.getItem('salonia-language')
  const candidates = [stored, ...navigator.languages.map((l) => l.slice(0, 2))]
  return (candidates.find((l) => LANGUAGES.includes(l as Language)) as Language | undefined) ?? 'fr'
}

export function ComingSoon() {
  const language = visitorLanguage()
  const text = TEXT[language]
  document.documentElement.lang = language
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        fontFamily: 'system-ui, sans-serif',
        background: '#faf7f2',
        color: '#2b2118',
        padding: '2rem',
        textAlign: 'center',
      }}
    >
      <div>
        <h1 style={{ fontSize: '2.5rem', margin: 0 }}>Salonia</h1>
        <p style={{ fontSize: '1.2rem' }}>{text.tagline}</p>
        <p>{text.soon}</p>
        <a href="/api/health" style={{ color: '#7a4a1e' }}>
          {text.api}
        </a>
      </div>
    </main>
  )
}
