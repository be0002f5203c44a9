import { Flag } from '@app/components/Flag'
import { Field, type FieldProps } from '@app/components/ui/Input'
import { SearchSelect, type SelectOption } from '@app/components/ui/SearchSelect'
import { countryName } from '@app/lib/format-intl'
import { useLanguage } from '@app/lib/i18n'
import { COUNTRY_CODES } from '@common/countries'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** Every assigned country with its flag, named and sorted in the visitor's language, searchable. */
export function CountryPicker(props: {
  id: string
  value: string | undefined
  onChange: (code: string | undefined) => void
  'aria-describedby'?: string
  'aria-invalid'?: true
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  // Built when the list opens: naming and sorting 250 countries loads the browser's locale data, a
  // long task a phone would otherwise run while the form hydrates.
  const options = useCallback((): SelectOption[] => {
    const collator = new Intl.Collator(language)
    return COUNTRY_CODES.map((code) => ({
      value: code,
      label: countryName(code, language),
      // English names too, so "Germany" finds Allemagne whatever the interface language.
      keywords: language === 'en' ? code : `${countryName(code, 'en')} ${code}`,
      icon: <Flag country={code} />,
    })).sort((a, b) => collator.compare(a.label, b.label))
  }, [language])
  return (
    <SearchSelect
      {...props}
      options={options}
      placeholder={t('waitlist.form.countryPlaceholder')}
      searchPlaceholder={t('waitlist.form.countrySearch')}
      emptyText={t('waitlist.form.countryNone')}
      clearLabel={t('waitlist.form.countryClear')}
    />
  )
}

/** The picker under its label, with its hint or error; the forms keep no country as ''. */
export function CountryField({
  value,
  onChange,
  ...field
}: Omit<FieldProps, 'children'> & { value: string; onChange: (code: string) => void }) {
  return (
    <Field {...field}>
      {(control) => <CountryPicker {...control} value={value || undefined} onChange={(code) => onChange(code ?? '')} />}
    </Field>
  )
}
