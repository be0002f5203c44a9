import { Button } from '@app/components/ui/Button'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import type { WaitlistAnswer, WaitlistEntryInput } from '@common/schemas/waitlist'
import { useMutation } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CountryField } from './CountryPicker'

type FieldName = 'salonName' | 'contactEmail' | 'address' | 'phone' | 'country'
type Values = Record<FieldName, string>
const EMPTY: Values = { salonName: '', contactEmail: '', address: '', phone: '', country: '' }

/** The waitlist form (spec §2): required salon name, e-mail and address; optional phone and country. */
export function WaitlistForm({ referralCode }: { referralCode: string | undefined }) {
  const { t } = useTranslation()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [success, setSuccess] = useState<string>()

  const submit = useMutation({
    mutationFn: async (entry: WaitlistEntryInput) =>
      (await (await apiRequest('POST', '/api/waitlist', entry)).json()) as WaitlistAnswer,
    onSuccess: (answer) => {
      const message = answer.message || t('waitlist.success')
      setValues(EMPTY)
      setErrors({})
      setSuccess(message)
      toast({ title: t('waitlist.successTitle'), description: message, tone: 'success' })
    },
    onError: (error) => {
      // The server answers in the visitor's language; a network failure has no answer at all.
      const message =
        error instanceof ApiError ? (error.body?.message ?? t('waitlist.errors.generic')) : t('waitlist.errors.network')
      toast({ title: t('waitlist.errors.title'), description: message, tone: 'destructive' })
    },
  })

  const set = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setSuccess(undefined)
    const entry: WaitlistEntryInput = { ...values, referralCode, language: currentLanguage() }
    // The server's own schema checks the form, loaded when it is sent: zod is not part of the
    // page's first load (it weighs more than the page itself).
    const schema = await import('@common/schemas/waitlist').then(
      (module) => module.waitlistEntryInputSchema,
      () => undefined,
    )
    if (!schema) {
      toast({ title: t('waitlist.errors.title'), description: t('waitlist.errors.network'), tone: 'destructive' })
      return
    }
    const parsed = schema.safeParse(entry)
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName
        found[field] ??= t(`waitlist.errors.${field}`)
      }
      setErrors(found)
      document.getElementById(`waitlist-${Object.keys(found)[0]}`)?.focus()
      return
    }
    submit.mutate(entry)
  }

  const text = (field: Exclude<FieldName, 'country'>, type: string, autoComplete: string, required: boolean) => (
    <Field
      id={`waitlist-${field}`}
      label={t(`waitlist.form.${field}`)}
      error={errors[field]}
      required={required}
      optionalLabel={t('common.optional')}
    >
      {(control) => (
        <Input
          {...control}
          type={type}
          autoComplete={autoComplete}
          required={required}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          placeholder={t(`waitlist.form.${field}Placeholder`)}
        />
      )}
    </Field>
  )

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={t('waitlist.form.label')}>
      {success && (
        <div role="status" className="flex gap-3 rounded-2xl border border-success/25 bg-success-soft p-4 text-ink">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <p className="leading-relaxed">{success}</p>
        </div>
      )}
      {text('salonName', 'text', 'organization', true)}
      {text('contactEmail', 'email', 'email', true)}
      {text('address', 'text', 'street-address', true)}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('phone', 'tel', 'tel', false)}
        <CountryField
          id="waitlist-country"
          label={t('waitlist.form.country')}
          error={errors.country}
          optionalLabel={t('common.optional')}
          value={values.country}
          onChange={set('country')}
        />
      </div>
      <Button type="submit" size="lg" loading={submit.isPending} className="mt-2 w-full">
        {submit.isPending ? t('waitlist.form.submitting') : t('waitlist.form.submit')}
      </Button>
      <p className="text-center text-xs leading-relaxed text-ink-soft">{t('waitlist.form.privacy')}</p>
    </form>
  )
}
