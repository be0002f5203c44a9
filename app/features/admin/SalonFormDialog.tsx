import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, fieldClasses, Input, Label } from '@app/components/ui/Input'
import { Switch } from '@app/components/ui/Switch'
import { toast } from '@app/components/ui/toast-store'
import { CountryField } from '@app/features/waitlist/CountryPicker'
import { useCheckedFields } from '@app/lib/checked-fields'
import { cn } from '@app/lib/cn'
import { emailSchema, type Salon } from '@common/schemas/salon'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  failureText,
  type SalonInput,
  useCreateSalon,
  useLinkWaitlistEntry,
  useUpdateSalon,
  useWaitlist,
} from './admin-api'

type TextField = 'name' | 'address' | 'country' | 'contactEmail' | 'authorizedGoogleEmail'
type Values = Record<TextField, string> & { isActive: boolean }
type Errors = Partial<Record<TextField, string>>
const FIELDS: readonly TextField[] = ['name', 'address', 'country', 'contactEmail', 'authorizedGoogleEmail']
/** A new salon starts in France and active, the common case. */
const NEW_SALON: Values = {
  name: '',
  address: '',
  country: 'FR',
  contactEmail: '',
  authorizedGoogleEmail: '',
  isActive: true,
}

const isEmail = (value: string) => emailSchema.safeParse(value).success

/** The checks of `adminSalonInputSchema`, as translation keys. */
function validate(values: Values): Errors {
  const errors: Errors = {}
  if (values.name.trim() === '') errors.name = 'admin.salonForm.errors.name'
  if (values.address.trim() === '') errors.address = 'admin.salonForm.errors.address'
  if (values.country === '') errors.country = 'admin.salonForm.errors.country'
  if (values.contactEmail.trim() === '') errors.contactEmail = 'admin.salonForm.errors.contactEmailRequired'
  else if (!isEmail(values.contactEmail)) errors.contactEmail = 'admin.salonForm.errors.email'
  if (values.authorizedGoogleEmail.trim() !== '' && !isEmail(values.authorizedGoogleEmail)) {
    errors.authorizedGoogleEmail = 'admin.salonForm.errors.email'
  }
  return errors
}

/** What the server would store: trimmed, e-mails in lower case, a blank Google e-mail as none. */
function toInput(values: Values): SalonInput {
  const google = values.authorizedGoogleEmail.trim().toLowerCase()
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    country: values.country,
    contactEmail: values.contactEmail.trim().toLowerCase(),
    authorizedGoogleEmail: google === '' ? null : google,
    isActive: values.isActive,
  }
}

/** Only what the administrator changed, so an edit never rewrites fields it did not touch. */
function changesOf(salon: Salon, input: SalonInput): Partial<SalonInput> {
  const saved: SalonInput = {
    name: salon.name,
    address: salon.address,
    country: salon.country,
    contactEmail: salon.contactEmail,
    authorizedGoogleEmail: salon.authorizedGoogleEmail,
    isActive: salon.isActive,
  }
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => saved[key as keyof SalonInput] !== value),
  ) as Partial<SalonInput>
}

/** "Nouveau Salon" without a salon; its edit with one. Closes on success or cancel. */
export function SalonFormDialog({ salon, ...dialog }: { salon?: Salon } & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={salon ? t('admin.salonForm.editTitle') : t('admin.salonForm.createTitle')}
      description={
        salon
          ? t('admin.salonForm.editDescription', { salonId: salon.salonId })
          : t('admin.salonForm.createDescription')
      }
    >
      {/* Mounted for each opening, so the fields start from what is saved. */}
      <SalonForm salon={salon} onDone={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function SalonForm({ salon, onDone }: { salon: Salon | undefined; onDone: () => void }) {
  const { t } = useTranslation()
  const create = useCreateSalon()
  const update = useUpdateSalon()
  const link = useLinkWaitlistEntry()
  const waitlist = useWaitlist()
  // "Nouveau Salon" for a salon of the waitlist: the entry it is linked to once created.
  const [entryId, setEntryId] = useState('')
  const openEntries = (waitlist.data ?? []).filter((entry) => entry.status !== 'converted')
  const pending = create.isPending || update.isPending || link.isPending
  const activeId = useId()
  const { values, setValues, set, errorOf, accept, refuse } = useCheckedFields(
    FIELDS,
    salon
      ? {
          name: salon.name,
          address: salon.address,
          country: salon.country,
          contactEmail: salon.contactEmail,
          authorizedGoogleEmail: salon.authorizedGoogleEmail ?? '',
          isActive: salon.isActive,
        }
      : NEW_SALON,
    (field) => `admin-salon-${field}`,
  )

  const onError = (error: Error) => {
    refuse(error)
    toast({
      title: salon ? t('admin.salonForm.updateFailed') : t('admin.salonForm.createFailed'),
      description: failureText(error, t),
      tone: 'destructive',
    })
  }

  const submit = () => {
    if (!accept(validate(values))) return
    const input = toInput(values)
    if (!salon) {
      create.mutate(input, {
        onSuccess: (created) => {
          toast({
            title: t('admin.salonForm.created'),
            description: t('admin.salonForm.createdText', { name: created.name, salonId: created.salonId }),
            tone: 'success',
            duration: 10_000,
          })
          if (!entryId) {
            onDone()
            return
          }
          // The dialog stays open (its buttons waiting) until the entry is linked, so a refusal is told.
          link.mutate(
            { id: entryId, salonId: created.salonId },
            {
              onSuccess: onDone,
              onError: (error) => {
                toast({
                  title: t('admin.salonForm.link.linkFailed'),
                  description: failureText(error, t),
                  tone: 'destructive',
                })
                onDone()
              },
            },
          )
        },
        onError,
      })
      return
    }
    const changes = changesOf(salon, input)
    if (Object.keys(changes).length === 0) {
      onDone()
      return
    }
    update.mutate(
      { salonId: salon.salonId, changes },
      {
        onSuccess: (updated) => {
          // A new authorised account: the server sent the activation e-mail again, naming it.
          const resent = changes.authorizedGoogleEmail && updated.authorizedGoogleEmail
          toast({
            title: t('admin.salonForm.updated'),
            description: resent
              ? `${updated.name}. ${t('admin.salonForm.link.emailResent', { sentTo: updated.contactEmail, email: updated.authorizedGoogleEmail })}`
              : updated.name,
            tone: 'success',
            duration: resent ? 10_000 : undefined,
          })
          onDone()
        },
        onError,
      },
    )
  }

  const text = (field: Exclude<TextField, 'country'>, options: { type: string; autoComplete: string; max: number }) => (
    <Field
      id={`admin-salon-${field}`}
      label={t(`admin.salonForm.${field}`)}
      hint={
        field === 'authorizedGoogleEmail' || field === 'contactEmail' ? t(`admin.salonForm.${field}Hint`) : undefined
      }
      error={errorOf(field)}
      required={field !== 'authorizedGoogleEmail'}
      optionalLabel={t('common.optional')}
    >
      {(control) => (
        <Input
          {...control}
          type={options.type}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          autoComplete={options.autoComplete}
          maxLength={options.max}
          aria-required={field !== 'authorizedGoogleEmail' || undefined}
        />
      )}
    </Field>
  )

  return (
    <DialogForm
      onSubmit={submit}
      pending={pending}
      submitLabel={salon ? t('admin.salonForm.save') : t('admin.salonForm.create')}
      pendingLabel={t('admin.salonForm.saving')}
    >
      {!salon && openEntries.length > 0 && (
        <Field id="admin-salon-entry" label={t('admin.salonForm.link.entry')} hint={t('admin.salonForm.link.hint')}>
          {(control) => (
            <select
              {...control}
              value={entryId}
              className={cn(fieldClasses, 'pr-8')}
              onChange={(event) => {
                setEntryId(event.target.value)
                const entry = openEntries.find((e) => e.id === event.target.value)
                // The entry's own details start the form; the administrator may still correct them.
                if (entry) {
                  setValues((current) => ({
                    ...current,
                    name: entry.salonName,
                    address: entry.address,
                    country: entry.country ?? current.country,
                    contactEmail: entry.contactEmail,
                  }))
                }
              }}
            >
              <option value="">{t('admin.salonForm.link.none')}</option>
              {openEntries.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.salonName} — {entry.contactEmail}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {text('name', { type: 'text', autoComplete: 'organization', max: 120 })}
      {text('address', { type: 'text', autoComplete: 'street-address', max: 300 })}
      <CountryField
        id="admin-salon-country"
        label={t('admin.salonForm.country')}
        error={errorOf('country')}
        required
        value={values.country}
        onChange={set('country')}
      />
      {text('contactEmail', { type: 'email', autoComplete: 'email', max: 254 })}
      {text('authorizedGoogleEmail', { type: 'email', autoComplete: 'off', max: 254 })}
      <div className="flex items-start justify-between gap-4 rounded-2xl bg-sand/60 p-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor={activeId}>{t('admin.salonForm.isActive')}</Label>
          <p id={`${activeId}-hint`} className="text-sm leading-relaxed text-ink-soft">
            {t('admin.salonForm.isActiveHint')}
          </p>
        </div>
        <Switch
          id={activeId}
          checked={values.isActive}
          onCheckedChange={(isActive) => setValues((current) => ({ ...current, isActive }))}
          aria-describedby={`${activeId}-hint`}
        />
      </div>
    </DialogForm>
  )
}
