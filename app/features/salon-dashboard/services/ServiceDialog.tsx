import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input, Label, Textarea } from '@app/components/ui/Input'
import { Switch } from '@app/components/ui/Switch'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import { useCheckedFields } from '@app/lib/checked-fields'
import { currentLanguage } from '@app/lib/i18n'
import { LANGUAGES, type Language } from '@common/languages'
import { amountForInput, amountString, parseAmount } from '@common/money'
import {
  type OwnerService,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DURATION_MAX,
  SERVICE_DURATION_MIN,
  SERVICE_NAME_MAX,
  type ServiceTranslations,
} from '@common/schemas/catalog'
import { CLEANUP_MAX_MINUTES, phasesProblem } from '@common/service-phases'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PaymentPolicyField, usePaymentPolicy } from './PaymentPolicyField'
import { PerformersField, usePerformers } from './PerformersField'
import { Suffixed } from './Suffixed'
import { useCreateService, useEditService } from './services-api'

type FieldName =
  | 'name'
  | 'description'
  | 'duration'
  | 'processingAfter'
  | 'processingMinutes'
  | 'cleanup'
  | 'priceAmount'
  | Language
type Values = Record<FieldName, string>
type Problems = Partial<Record<FieldName, string>>
const FIELDS: readonly FieldName[] = [
  'name',
  'description',
  'duration',
  'processingAfter',
  'processingMinutes',
  'cleanup',
  'priceAmount',
  ...LANGUAGES,
]
const wholeMinutes = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN)
const idOf = (field: FieldName) => `service-${field}`

/** What the form checks before sending: the server's own rules, worded in the interface language. */
function validate(values: Values, currency: string, language: Language): Problems {
  const problems: Problems = {}
  const name = values.name.trim()
  if (name === '') problems.name = 'services.problems.nameRequired'
  else if (name.length > SERVICE_NAME_MAX) problems.name = 'services.problems.nameTooLong'
  if (values.description.trim().length > SERVICE_DESCRIPTION_MAX)
    problems.description = 'services.problems.descriptionTooLong'
  const duration = values.duration.trim()
  if (!/^\d+$/.test(duration) || Number(duration) < SERVICE_DURATION_MIN || Number(duration) > SERVICE_DURATION_MAX)
    problems.duration = 'services.problems.durationInvalid'
  // The processing pause: both fields or neither, inside the service with work on both sides.
  const after = values.processingAfter.trim()
  const pause = values.processingMinutes.trim()
  if (after !== '' || pause !== '') {
    const phases = {
      durationMinutes: Number(duration),
      processingAfterMinutes: wholeMinutes(after),
      processingMinutes: wholeMinutes(pause),
      cleanupMinutes: 0,
    }
    if (pause === '' || !(phases.processingMinutes >= 1))
      problems.processingMinutes = 'services.problems.processingMissing'
    else if (after === '' || !(phases.processingAfterMinutes >= 0))
      problems.processingAfter = 'services.problems.processingMissing'
    else if (!problems.duration && phasesProblem(phases))
      problems.processingAfter = 'services.problems.processingOutside'
  }
  const cleanup = values.cleanup.trim()
  if (cleanup !== '' && !(wholeMinutes(cleanup) <= CLEANUP_MAX_MINUTES))
    problems.cleanup = 'services.problems.cleanupInvalid'
  const price = parseAmount(values.priceAmount, currency, language)
  if ('problem' in price) problems.priceAmount = `services.problems.price.${price.problem}`
  for (const other of LANGUAGES)
    if (values[other].trim().length > SERVICE_NAME_MAX) problems[other] = 'services.problems.nameTooLong'
  return problems
}

export interface ServiceDialogProps extends DialogOpenProps {
  salonId: string
  currency: string
  /** The language the salon names its services in: a new service's name is taken to be in it. */
  salonLanguage: Language
  /** The service to edit; none to add one. */
  service?: OwnerService
}

/** Adds a service, or edits one: name, description, duration in minutes, price in the salon's currency, names for the assistant. */
export function ServiceDialog({ service, salonId, currency, salonLanguage, ...dialog }: ServiceDialogProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      width={service ? 'wide' : 'default'}
      title={service ? t('services.editTitle', { name: service.name }) : t('services.addTitle')}
      description={service ? t('services.editDescription') : t('services.addDescription')}
    >
      <ServiceForm
        service={service}
        salonId={salonId}
        currency={currency}
        salonLanguage={salonLanguage}
        onDone={() => dialog.onOpenChange(false)}
      />
    </FormDialog>
  )
}

function ServiceForm({
  service,
  salonId,
  currency,
  salonLanguage,
  onDone,
}: Omit<ServiceDialogProps, keyof DialogOpenProps> & { onDone: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const create = useCreateService(salonId)
  const edit = useEditService(salonId)
  /** A new service already saved by a first try whose deposit was refused: tried again, it is edited, never added twice. */
  const [created, setCreated] = useState<OwnerService>()
  const saved = service ?? created
  const owned: ServiceTranslations = service?.ownerTranslations ?? {}
  const initial: Values = {
    name: service?.name ?? '',
    description: service?.description ?? '',
    duration: service ? String(service.duration) : '',
    processingAfter: service?.processing ? String(service.processing.after) : '',
    processingMinutes: service?.processing ? String(service.processing.minutes) : '',
    cleanup: service?.cleanup ? String(service.cleanup) : '',
    priceAmount: service ? amountForInput(service.price, currency, language) : '',
    fr: owned.fr ?? '',
    de: owned.de ?? '',
    it: owned.it ?? '',
    en: owned.en ?? '',
  }
  const { values, set, errorOf, accept, refuse } = useCheckedFields(FIELDS, initial, idOf)
  const [isActive, setActive] = useState(service?.isActive ?? true)
  const otherLanguages = LANGUAGES.filter((other) => other !== (service?.nameLanguage ?? salonLanguage))
  const performers = usePerformers(salonId, service)
  const paymentPolicy = usePaymentPolicy(salonId, service?.id, currency, language)
  const typedPrice = parseAmount(values.priceAmount, currency, language)

  const submit = () => {
    const fieldsAccepted = accept(validate(values, currency, language))
    // The deposit's problems show with the others; the focus goes to the first field above.
    const policyAccepted = paymentPolicy.accept({ focus: fieldsAccepted })
    if (!fieldsAccepted || !policyAccepted) return
    if (!performers.accept(isActive)) return
    const price = parseAmount(values.priceAmount, currency, language)
    if ('problem' in price) return
    const translations: Partial<Record<Language, string | null>> = {}
    for (const other of otherLanguages) {
      const name = values[other].trim()
      if (name !== (owned[other] ?? '')) translations[other] = name === '' ? null : name
    }
    const input = {
      name: values.name.trim(),
      description: values.description.trim(),
      duration: Number(values.duration.trim()),
      processing:
        values.processingMinutes.trim() === ''
          ? null
          : { after: wholeMinutes(values.processingAfter), minutes: wholeMinutes(values.processingMinutes) },
      cleanup: values.cleanup.trim() === '' ? 0 : wholeMinutes(values.cleanup),
      priceAmount: amountString(price.minor, currency),
      isActive,
      ...(Object.keys(translations).length > 0 && { translations }),
      ...(performers.shown && { memberIds: performers.memberIds() }),
    }
    /** The service saved: its deposit or guarantee next (a new service has its id now), then done. */
    const afterSave = async (answer: OwnerService) => {
      performers.saved()
      if (!service) setCreated(answer)
      if (!(await paymentPolicy.save(answer.id))) {
        toast({
          title: t('paymentPolicy.saveError'),
          description: t('paymentPolicy.saveErrorRest', { name: answer.name }),
          tone: 'destructive',
        })
        return
      }
      toast({
        title: service ? t('services.saved') : t('services.created'),
        description: t('services.savedText', { name: answer.name }),
        tone: 'success',
      })
      onDone()
    }
    const options = {
      onSuccess: (answer: OwnerService) => void afterSave(answer),
      onError: (error: Error) => {
        const code = error instanceof ApiError ? error.code : undefined
        const performersRefused = performers.refuse(error)
        if (code === 'catalog.duplicate_name') accept({ name: 'services.problems.nameTaken' })
        const others = refuse(error)
        toast({
          title: t('services.saveError'),
          description:
            code === 'catalog.duplicate_name'
              ? t('services.problems.nameTaken')
              : (performersRefused ?? [t('services.saveErrorText'), ...others].join(' ')),
          tone: 'destructive',
        })
      },
    }
    if (saved) edit.mutate({ id: saved.id, ...input }, options)
    else create.mutate(input, options)
  }

  return (
    <DialogForm
      onSubmit={submit}
      pending={create.isPending || edit.isPending || paymentPolicy.saving}
      submitLabel={service ? t('services.save') : t('services.create')}
      pendingLabel={t('services.saving')}
    >
      <Field id={idOf('name')} label={t('services.fields.name')} error={errorOf('name')} required>
        {(control) => (
          <Input
            {...control}
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            maxLength={SERVICE_NAME_MAX}
            placeholder={t('services.fields.namePlaceholder')}
            aria-required
          />
        )}
      </Field>
      <Field
        id={idOf('description')}
        label={t('services.fields.description')}
        optionalLabel={t('services.fields.optional')}
        error={errorOf('description')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            className="min-h-16 resize-y"
            value={values.description}
            onChange={(event) => set('description')(event.target.value)}
            maxLength={SERVICE_DESCRIPTION_MAX}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={idOf('duration')}
          label={t('services.fields.duration')}
          hint={t('services.fields.durationHint')}
          error={errorOf('duration')}
          required
        >
          {(control) => (
            <Suffixed suffix={t('services.fields.minutes')}>
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={values.duration}
                onChange={(event) => set('duration')(event.target.value)}
                maxLength={4}
                className="pr-14"
                aria-required
              />
            </Suffixed>
          )}
        </Field>
        <Field
          id={idOf('priceAmount')}
          label={t('services.fields.price', { currency })}
          hint={t('services.fields.priceHint', { currency, example: amountForInput(3550, currency, language) })}
          error={errorOf('priceAmount')}
          required
        >
          {(control) => (
            <Suffixed suffix={currency}>
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={values.priceAmount}
                onChange={(event) => set('priceAmount')(event.target.value)}
                maxLength={20}
                className="pr-16"
                aria-required
              />
            </Suffixed>
          )}
        </Field>
      </div>
      <PaymentPolicyField
        state={paymentPolicy}
        currency={currency}
        language={language}
        priceMinor={'minor' in typedPrice ? typedPrice.minor : undefined}
      />
      <fieldset className="flex flex-col gap-3 rounded-xl border border-line/70 p-3.5">
        <legend className="px-1 text-sm font-medium text-ink">{t('services.phases.title')}</legend>
        <p className="-mt-1 text-sm text-ink-soft">{t('services.phases.hint')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {PHASE_FIELDS.map(([field, label]) => (
            <MinutesField key={field} field={field} label={t(label)} values={values} set={set} error={errorOf(field)} />
          ))}
        </div>
      </fieldset>
      <div className="flex items-start justify-between gap-4 rounded-xl border border-line/70 p-3.5">
        <div className="flex flex-col gap-0.5">
          <Label htmlFor="service-active">{t('services.fields.active')}</Label>
          <p id="service-active-hint" className="text-sm text-ink-soft">
            {isActive ? t('services.fields.activeOn') : t('services.fields.activeOff')}
          </p>
        </div>
        <Switch
          id="service-active"
          checked={isActive}
          onCheckedChange={setActive}
          aria-describedby="service-active-hint"
        />
      </div>
      {performers.shown && (
        <PerformersField
          members={performers.members}
          checked={performers.checked}
          onChange={performers.toggle}
          error={performers.error}
        />
      )}
      {service && (
        <fieldset className="flex flex-col gap-3 border-t border-line/70 pt-4">
          <legend className="text-sm font-medium text-ink">{t('services.translations.title')}</legend>
          <p className="-mt-1 text-sm text-ink-soft">{t('services.translations.hint')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            {otherLanguages.map((other) => {
              const suggestion = service.suggestedTranslations[other]
              return (
                <Field
                  key={other}
                  id={idOf(other)}
                  label={t('services.translations.label', { language: t(`dashboard.services.languageNames.${other}`) })}
                  hint={
                    suggestion
                      ? t('services.translations.suggestion', { name: suggestion })
                      : t('services.translations.noSuggestion')
                  }
                  error={errorOf(other)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      lang={other}
                      value={values[other]}
                      placeholder={suggestion ?? ''}
                      onChange={(event) => set(other)(event.target.value)}
                      maxLength={SERVICE_NAME_MAX}
                    />
                  )}
                </Field>
              )
            })}
          </div>
        </fieldset>
      )}
    </DialogForm>
  )
}

/** The phases' fields, each a number of minutes, with their labels. */
const PHASE_FIELDS = [
  ['processingAfter', 'services.phases.after'],
  ['processingMinutes', 'services.phases.processing'],
  ['cleanup', 'services.phases.cleanup'],
] as const

/** A number of minutes, empty when there is none. */
function MinutesField({
  field,
  label,
  values,
  set,
  error,
}: {
  field: 'processingAfter' | 'processingMinutes' | 'cleanup'
  label: string
  values: Values
  set: (field: FieldName) => (value: string) => void
  error: string | undefined
}) {
  const { t } = useTranslation()
  return (
    <Field id={idOf(field)} label={label} optionalLabel={t('services.fields.optional')} error={error}>
      {(control) => (
        <Suffixed suffix={t('services.fields.minutes')}>
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            value={values[field]}
            onChange={(event) => set(field)(event.target.value)}
            maxLength={3}
            className="pr-14"
          />
        </Suffixed>
      )}
    </Field>
  )
}
