import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input, Textarea } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { CountryField } from '@app/features/waitlist/CountryPicker'
import { apiRequest } from '@app/lib/api'
import { useCheckedFields } from '@app/lib/checked-fields'
import { cn } from '@app/lib/cn'
import { LANGUAGES, type Language, languageOfCountry } from '@common/languages'
import { PRACTICAL_INFO_MAX_LENGTH, PUBLIC_PHONE_MAX_LENGTH, publicPhoneProblem } from '@common/public-phone'
import type { Salon, SalonUpdateInput } from '@common/schemas/salon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { salonKeys } from '../dashboard-api'

/** The salon's own fields, and the practical information's translation into each language. */
type FieldName = 'name' | 'address' | 'country' | 'publicPhone' | 'practicalInfo' | Language
type Values = Record<FieldName, string>
type Errors = Partial<Record<FieldName, string>>
const FIELDS: readonly FieldName[] = ['name', 'address', 'country', 'publicPhone', 'practicalInfo', ...LANGUAGES]

/** From this many characters on, the counter of the practical information turns to a warning. */
const PRACTICAL_INFO_WARNING = PRACTICAL_INFO_MAX_LENGTH - 40

/**
 * Spec §5: a name, an address and a country of at least two letters; the phone number and the
 * practical information are optional, checked by the server's own rules.
 */
function validate(values: Values): Errors {
  const errors: Errors = {}
  if (values.name.trim() === '') errors.name = 'dashboard.edit.nameRequired'
  if (values.address.trim() === '') errors.address = 'dashboard.edit.addressRequired'
  if (values.country.trim().length < 2) errors.country = 'dashboard.edit.countryRequired'
  const phone = values.publicPhone.trim()
  const phoneProblem = phone === '' ? null : publicPhoneProblem(phone)
  if (phoneProblem) errors.publicPhone = `dashboard.edit.phoneProblems.${phoneProblem}`
  for (const field of ['practicalInfo', ...LANGUAGES] as const) {
    if (values[field].trim().length > PRACTICAL_INFO_MAX_LENGTH) errors[field] = 'dashboard.edit.practicalInfoTooLong'
  }
  return errors
}

/** Edits the salon's name, address, country, public phone and practical information; closes on success or cancel. */
export function SalonEditDialog({ salon, ...dialog }: { salon: Salon } & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog {...dialog} title={t('dashboard.edit.title')} description={t('dashboard.edit.description')}>
      {/* Mounted for each opening, so the fields start from what is saved. */}
      <SalonEditForm salon={salon} onSaved={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function SalonEditForm({ salon, onSaved }: { salon: Salon; onSaved: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { values, set, errorOf, accept, refuse } = useCheckedFields(
    FIELDS,
    {
      name: salon.name,
      address: salon.address,
      country: salon.country,
      publicPhone: salon.publicPhone ?? '',
      practicalInfo: salon.practicalInfo ?? '',
      ...translationValues(salon),
    },
    (field) => `salon-edit-${field}`,
  )
  // The practical information is written in the salon's language; the others are translations.
  const otherLanguages = LANGUAGES.filter((language) => language !== languageOfCountry(values.country))

  const save = useMutation({
    mutationFn: async (input: SalonUpdateInput) =>
      (await (await apiRequest('PATCH', `/api/salons/${salon.salonId}`, input)).json()) as Salon,
    onSuccess: (updated) => {
      // The answer is the salon as saved. The salon's key is a prefix of its services', hours'… keys:
      // set it rather than invalidate it, which would refetch all of them.
      queryClient.setQueryData(salonKeys.salon(salon.salonId), updated)
      void queryClient.invalidateQueries({ queryKey: salonKeys.dashboard(salon.salonId) })
      toast({ title: t('dashboard.edit.success'), description: t('dashboard.edit.successText'), tone: 'success' })
      onSaved()
    },
    onError: (error) => {
      const others = refuse(error)
      toast({
        title: t('dashboard.edit.error'),
        description: [t('dashboard.edit.errorText'), ...others].join(' '),
        tone: 'destructive',
      })
    },
  })

  const submit = () => {
    if (!accept(validate(values))) return
    // An emptied field is sent empty: the server clears it.
    save.mutate({
      name: values.name.trim(),
      address: values.address.trim(),
      country: values.country.trim(),
      publicPhone: values.publicPhone.trim(),
      practicalInfo: values.practicalInfo.trim(),
      ...translationChanges(salon, values),
    })
  }

  return (
    <DialogForm
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={t('dashboard.edit.save')}
      pendingLabel={t('dashboard.edit.saving')}
    >
      <Field id="salon-edit-name" label={t('dashboard.edit.name')} error={errorOf('name')} required>
        {(control) => (
          <Input
            {...control}
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            autoComplete="organization"
            maxLength={120}
            aria-required
          />
        )}
      </Field>
      <Field id="salon-edit-address" label={t('dashboard.edit.address')} error={errorOf('address')} required>
        {(control) => (
          <Input
            {...control}
            value={values.address}
            onChange={(event) => set('address')(event.target.value)}
            autoComplete="street-address"
            maxLength={300}
            aria-required
          />
        )}
      </Field>
      <CountryField
        id="salon-edit-country"
        label={t('dashboard.edit.country')}
        error={errorOf('country')}
        required
        value={values.country}
        onChange={set('country')}
      />
      <Field
        id="salon-edit-publicPhone"
        label={t('dashboard.edit.publicPhone')}
        optionalLabel={t('dashboard.edit.optional')}
        hint={t('dashboard.edit.publicPhoneHint')}
        error={errorOf('publicPhone')}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="01 43 55 20 20"
            value={values.publicPhone}
            onChange={(event) => set('publicPhone')(event.target.value)}
            maxLength={PUBLIC_PHONE_MAX_LENGTH}
          />
        )}
      </Field>
      <Field
        id="salon-edit-practicalInfo"
        label={t('dashboard.edit.practicalInfo')}
        optionalLabel={t('dashboard.edit.optional')}
        hint={<PracticalInfoHint length={values.practicalInfo.length} />}
        error={errorOf('practicalInfo')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            placeholder={t('dashboard.edit.practicalInfoPlaceholder')}
            value={values.practicalInfo}
            onChange={(event) => set('practicalInfo')(event.target.value)}
            maxLength={PRACTICAL_INFO_MAX_LENGTH}
            className="resize-y"
          />
        )}
      </Field>
      <fieldset className="flex min-w-0 flex-col gap-3 border-t border-line/70 pt-4">
        <legend className="text-sm font-medium text-ink">{t('dashboard.edit.translationsTitle')}</legend>
        <p className="-mt-1 text-sm text-ink-soft">{t('dashboard.edit.translationsHint')}</p>
        {otherLanguages.map((language) => (
          <Field
            key={language}
            id={`salon-edit-${language}`}
            label={t('dashboard.edit.translationLabel', {
              language: t(`dashboard.services.languageNames.${language}`),
            })}
            optionalLabel={t('dashboard.edit.optional')}
            error={errorOf(language)}
          >
            {(control) => (
              <Textarea
                {...control}
                lang={language}
                rows={2}
                value={values[language]}
                onChange={(event) => set(language)(event.target.value)}
                maxLength={PRACTICAL_INFO_MAX_LENGTH}
                className="resize-y"
              />
            )}
          </Field>
        ))}
      </fieldset>
    </DialogForm>
  )
}

function translationValues(salon: Salon): Record<Language, string> {
  const saved = salon.practicalInfoTranslations
  return { fr: saved.fr ?? '', de: saved.de ?? '', it: saved.it ?? '', en: saved.en ?? '' }
}

/** Only the translations the owner changed are sent (empty clears one); none changed, none sent. */
function translationChanges(salon: Salon, values: Values): Pick<SalonUpdateInput, 'practicalInfoTranslations'> {
  const changed: Partial<Record<Language, string>> = {}
  for (const language of LANGUAGES) {
    const text = values[language].trim()
    if (text !== (salon.practicalInfoTranslations[language] ?? '')) changed[language] = text
  }
  return Object.keys(changed).length > 0 ? { practicalInfoTranslations: changed } : {}
}

/** What the assistant does with the text, and how much of it is left. */
function PracticalInfoHint({ length }: { length: number }) {
  const { t } = useTranslation()
  return (
    <span className="flex items-start justify-between gap-3">
      <span>{t('dashboard.edit.practicalInfoHint')}</span>
      <span className={cn('shrink-0 tabular-nums', length >= PRACTICAL_INFO_WARNING && 'font-medium text-warning')}>
        {t('dashboard.edit.practicalInfoCount', { count: length, max: PRACTICAL_INFO_MAX_LENGTH })}
      </span>
    </span>
  )
}
