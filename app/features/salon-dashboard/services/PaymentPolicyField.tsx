import { Badge } from '@app/components/ui/Badge'
import { Field, Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import { formatMoney } from '@app/lib/format-intl'
import type { Language } from '@common/languages'
import { amountForInput, parseAmount } from '@common/money'
import {
  MAX_FREE_CANCEL_HOURS,
  MAX_POLICY_MINOR,
  MIN_CHARGE_MINOR,
  type PaymentPolicy,
  type PaymentPolicyKind,
  type PaymentReadiness,
} from '@common/schemas/payments'
import type { TFunction } from 'i18next'
import { CircleAlert, Info } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Skeleton } from '../overview/states'
import { askedBy, paymentPolicyErrorText, usePaymentPolicies, useSavePaymentPolicy } from './payment-policy-api'
import { Suffixed } from './Suffixed'

type DepositType = 'fixed' | 'percent'
/** The policy as the form holds it: the choices, and the numbers as typed. */
interface Draft {
  kind: PaymentPolicyKind
  depositType: DepositType
  amount: string
  percent: string
  fee: string
  hours: string
}
type DraftField = 'amount' | 'percent' | 'fee' | 'hours'
/** A field's problem: its text's key and what it says. */
type Problems = Partial<Record<DraftField, { key: string; values?: Record<string, string> }>>

const NONE: PaymentPolicy = { kind: 'none' }
const KINDS: readonly PaymentPolicyKind[] = ['none', 'deposit', 'guarantee']
/** A salon's usual window when it first asks for something: a day. */
const DEFAULT_HOURS = '24'
const idOf = (field: DraftField) => `payment-${field}`

function draftOf(policy: PaymentPolicy, currency: string, language: Language): Draft {
  const draft: Draft = {
    kind: policy.kind,
    depositType: 'fixed',
    amount: '',
    percent: '',
    fee: '',
    hours: DEFAULT_HOURS,
  }
  if (policy.kind === 'guarantee') {
    return { ...draft, fee: amountForInput(policy.feeMinor, currency, language), hours: String(policy.freeCancelHours) }
  }
  if (policy.kind === 'deposit') {
    const { deposit } = policy
    return {
      ...draft,
      depositType: deposit.type,
      amount: deposit.type === 'fixed' ? amountForInput(deposit.amountMinor, currency, language) : '',
      percent: deposit.type === 'percent' ? String(deposit.percent) : '',
      hours: String(policy.freeCancelHours),
    }
  }
  return draft
}

/** An amount typed in the salon's currency, the way the price is (its parsing, its words), within a policy's limits. */
function readAmount(raw: string, currency: string, language: Language): number | Problems[DraftField] {
  const read = parseAmount(raw, currency, language)
  if ('problem' in read) {
    switch (read.problem) {
      case 'empty':
        return { key: 'paymentPolicy.problems.amountEmpty' }
      case 'negative':
        return { key: 'paymentPolicy.problems.amountNegative' }
      case 'too_high':
        break
      default:
        return { key: `services.problems.price.${read.problem}` }
    }
  } else if (read.minor >= MIN_CHARGE_MINOR && read.minor <= MAX_POLICY_MINOR) return read.minor
  return {
    key: 'paymentPolicy.problems.amountRange',
    values: {
      min: formatMoney(MIN_CHARGE_MINOR, currency, language),
      max: formatMoney(MAX_POLICY_MINOR, currency, language),
    },
  }
}

/** A whole number typed ("48", "48 h", "30 %"), or NaN. */
const wholeNumber = (raw: string, unit: string) => {
  const text = raw.trim().replace(new RegExp(`\\s*${unit}$`, 'i'), '')
  return /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN
}

/** The policy a draft stands for, or what is wrong with it, field by field. */
function policyOfDraft(
  draft: Draft,
  currency: string,
  language: Language,
): { policy: PaymentPolicy } | { problems: Problems } {
  if (draft.kind === 'none') return { policy: NONE }
  const problems: Problems = {}
  const hours = wholeNumber(draft.hours, 'h')
  if (!(hours >= 0 && hours <= MAX_FREE_CANCEL_HOURS))
    problems.hours = { key: 'paymentPolicy.problems.hoursRange', values: { max: String(MAX_FREE_CANCEL_HOURS) } }
  let policy: PaymentPolicy | undefined
  if (draft.kind === 'guarantee') {
    const fee = readAmount(draft.fee, currency, language)
    if (typeof fee === 'number') policy = { kind: 'guarantee', feeMinor: fee, freeCancelHours: hours }
    else problems.fee = fee
  } else if (draft.depositType === 'fixed') {
    const amount = readAmount(draft.amount, currency, language)
    if (typeof amount === 'number')
      policy = { kind: 'deposit', deposit: { type: 'fixed', amountMinor: amount }, freeCancelHours: hours }
    else problems.amount = amount
  } else {
    const percent = wholeNumber(draft.percent, '%')
    if (percent >= 1 && percent <= 100)
      policy = { kind: 'deposit', deposit: { type: 'percent', percent }, freeCancelHours: hours }
    else problems.percent = { key: 'paymentPolicy.problems.percentRange' }
  }
  return policy && Object.keys(problems).length === 0 ? { policy } : { problems }
}

/** A policy as one comparable string: the same policy, the same words. */
function policyKey(policy: PaymentPolicy): string {
  if (policy.kind === 'none') return 'none'
  if (policy.kind === 'guarantee') return `guarantee:${policy.feeMinor}:${policy.freeCancelHours}`
  const { deposit } = policy
  const amount = deposit.type === 'fixed' ? deposit.amountMinor : deposit.percent
  return `deposit:${deposit.type}:${amount}:${policy.freeCancelHours}`
}

/**
 * A service's deposit or guarantee in the services editor: what the salon has, what the owner
 * changes, checked before sending; saved after the service itself (a new one once it has its id),
 * and only when it changed. Nothing can be changed while the policies are not read, nor on a server
 * that takes no payments (it refuses them).
 */
export function usePaymentPolicy(salonId: string, serviceId: string | undefined, currency: string, language: Language) {
  const { t } = useTranslation()
  const policies = usePaymentPolicies(salonId)
  const save = useSavePaymentPolicy(salonId)
  /** The service's policy as saved (none for a new service); undefined until read. */
  const loaded: PaymentPolicy | undefined = policies.data
    ? ((serviceId ? policies.data.policies[serviceId] : undefined) ?? NONE)
    : undefined
  const [draft, setDraft] = useState<Draft>()
  const [problems, setProblems] = useState<Problems>({})
  const [saveError, setSaveError] = useState<string>()
  const current = draft ?? draftOf(loaded ?? NONE, currency, language)
  const readiness = policies.data?.readiness
  const editable = loaded !== undefined && readiness !== 'not_configured'
  return {
    policies,
    readiness,
    editable,
    draft: current,
    saving: save.isPending,
    saveError,
    errorOf: (field: DraftField) => {
      const problem = problems[field]
      return problem ? t(problem.key, problem.values) : undefined
    },
    change: (changes: Partial<Draft>) => {
      setDraft({ ...current, ...changes })
      setProblems((before) => {
        const after = { ...before }
        for (const field of Object.keys(changes)) delete after[field as DraftField]
        return after
      })
      setSaveError(undefined)
    },
    /** Shows what is wrong; false, with the first wrong field focused (when `focus`), if anything is. */
    accept: ({ focus }: { focus: boolean }) => {
      if (!editable) return true
      const read = policyOfDraft(current, currency, language)
      const found = 'problems' in read ? read.problems : {}
      setProblems(found)
      const first = (['amount', 'percent', 'fee', 'hours'] as const).find((field) => found[field])
      if (first && focus) document.getElementById(idOf(first))?.focus()
      return first === undefined
    },
    /**
     * Saves the policy of the service just saved, if it changed: true when done (or nothing to do);
     * false when refused, the reason shown under the section.
     */
    save: async (savedServiceId: string): Promise<boolean> => {
      if (!editable || !loaded) return true
      const read = policyOfDraft(current, currency, language)
      if (!('policy' in read)) return true
      // A new service has none yet: a service saved by a first try counts as it (its policy, when saved, was).
      const before = serviceId ? loaded : (policies.data?.policies[savedServiceId] ?? NONE)
      if (policyKey(read.policy) === policyKey(before)) return true
      try {
        await save.mutateAsync({ serviceId: savedServiceId, policy: read.policy })
        return true
      } catch (error) {
        setSaveError(paymentPolicyErrorText(t, error))
        return false
      }
    },
  }
}

export type PaymentPolicyState = ReturnType<typeof usePaymentPolicy>

/**
 * "Deposit or guarantee": none, a deposit (fixed or a share of the price) or the card kept as a
 * guarantee, the free-cancellation window, and the sentence the customer will read. When the salon
 * cannot ask for money yet, it says why (and on a server without payments, nothing can be chosen).
 */
export function PaymentPolicyField({
  state,
  currency,
  language,
  priceMinor,
}: {
  state: PaymentPolicyState
  currency: string
  language: Language
  /** The price as typed now, when it reads as one: the preview computes a percentage from it. */
  priceMinor: number | undefined
}) {
  const { t } = useTranslation()
  const name = useId()
  const noteId = useId()
  const { policies, readiness, editable, draft, change } = state
  const note = readiness && readiness !== 'ready' ? t(`paymentPolicy.readiness.${readiness}`) : undefined
  const money = (minor: number) => formatMoney(minor, currency, language)

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-line/70 p-3.5">
      <legend className="px-1 text-sm font-medium text-ink">{t('paymentPolicy.title')}</legend>
      <p className="-mt-1 text-sm text-ink-soft">{t('paymentPolicy.hint')}</p>
      {policies.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">{t('paymentPolicy.loading')}</span>
          <Skeleton className="h-10 w-full rounded-xl" />
        </div>
      ) : policies.isError ? (
        <LoadError message={t('paymentPolicy.loadFailed')} onRetry={() => void policies.refetch()} />
      ) : (
        <>
          {note && (
            <p
              id={noteId}
              data-testid="payment-readiness"
              className="flex items-start gap-2 rounded-lg bg-info-soft/60 px-3 py-2 text-sm text-ink"
            >
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-info" />
              <span>{note}</span>
            </p>
          )}
          <div
            role="radiogroup"
            aria-label={t('paymentPolicy.kinds.label')}
            aria-describedby={note ? noteId : undefined}
            aria-disabled={!editable || undefined}
            className="grid gap-2 sm:grid-cols-3"
          >
            {KINDS.map((kind) => (
              <ChoiceCard
                key={kind}
                name={`${name}-kind`}
                checked={draft.kind === kind}
                disabled={!editable}
                onChoose={() => change({ kind })}
                title={t(`paymentPolicy.kinds.${kind}`)}
                hint={t(`paymentPolicy.kinds.${kind}Hint`)}
              />
            ))}
          </div>
          {draft.kind === 'deposit' && (
            <div
              role="radiogroup"
              aria-label={t('paymentPolicy.depositType.label')}
              className="flex flex-wrap gap-x-5 gap-y-2"
            >
              {(['fixed', 'percent'] as const).map((type) => (
                <label key={type} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${name}-deposit-type`}
                    className="size-4 shrink-0 accent-primary"
                    checked={draft.depositType === type}
                    disabled={!editable}
                    onChange={() => change({ depositType: type })}
                  />
                  {t(`paymentPolicy.depositType.${type}`)}
                </label>
              ))}
            </div>
          )}
          {draft.kind !== 'none' && (
            <div className="grid gap-4 sm:grid-cols-2">
              {draft.kind === 'guarantee' ? (
                <NumberField
                  field="fee"
                  label={t('paymentPolicy.fields.fee', { currency })}
                  hint={t('paymentPolicy.fields.feeHint', {
                    min: money(MIN_CHARGE_MINOR),
                    max: money(MAX_POLICY_MINOR),
                  })}
                  suffix={currency}
                  inputMode="decimal"
                  state={state}
                />
              ) : draft.depositType === 'fixed' ? (
                <NumberField
                  field="amount"
                  label={t('paymentPolicy.fields.amount', { currency })}
                  hint={t('paymentPolicy.fields.amountHint', {
                    min: money(MIN_CHARGE_MINOR),
                    max: money(MAX_POLICY_MINOR),
                  })}
                  suffix={currency}
                  inputMode="decimal"
                  state={state}
                />
              ) : (
                <NumberField
                  field="percent"
                  label={t('paymentPolicy.fields.percent')}
                  hint={t('paymentPolicy.fields.percentHint', { min: money(MIN_CHARGE_MINOR) })}
                  suffix="%"
                  inputMode="numeric"
                  state={state}
                />
              )}
              <NumberField
                field="hours"
                label={t('paymentPolicy.fields.hours')}
                hint={t('paymentPolicy.fields.hoursHint', { max: MAX_FREE_CANCEL_HOURS })}
                suffix={t('paymentPolicy.fields.hoursSuffix')}
                inputMode="numeric"
                state={state}
              />
            </div>
          )}
          <div className="rounded-lg bg-sand/60 px-3 py-2.5">
            <p className="text-xs font-medium text-ink-soft">{t('paymentPolicy.preview.label')}</p>
            <p data-testid="payment-preview" className="text-sm leading-relaxed break-words text-ink">
              {previewText(t, draft, currency, language, priceMinor)}
            </p>
          </div>
          {state.saveError && (
            <p role="alert" className="flex items-start gap-2 text-sm text-danger">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{state.saveError}</span>
            </p>
          )}
        </>
      )}
    </fieldset>
  )
}

/** A choice as a card: its title names the radio, its hint describes it. */
function ChoiceCard({
  name,
  checked,
  disabled,
  onChoose,
  title,
  hint,
}: {
  name: string
  checked: boolean
  disabled: boolean
  onChoose: () => void
  title: string
  hint: string
}) {
  const titleId = useId()
  const hintId = useId()
  return (
    <label
      className={cn(
        'flex min-w-0 items-start gap-2.5 rounded-xl border p-3 transition-colors',
        checked ? 'border-primary bg-primary-soft/40 ring-1 ring-primary' : 'border-line',
        disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:bg-sand/60',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span id={titleId} className="text-sm font-medium break-words">
          {title}
        </span>
        <span id={hintId} className="text-xs leading-snug break-words text-ink-soft">
          {hint}
        </span>
      </span>
    </label>
  )
}

/** One of the section's numbers, typed, with its unit inside at the end. */
function NumberField({
  field,
  label,
  hint,
  suffix,
  inputMode,
  state,
}: {
  field: DraftField
  label: string
  hint: string
  suffix: string
  inputMode: 'decimal' | 'numeric'
  state: PaymentPolicyState
}) {
  return (
    <Field id={idOf(field)} label={label} hint={hint} error={state.errorOf(field)} required>
      {(control) => (
        <Suffixed suffix={suffix}>
          <Input
            {...control}
            inputMode={inputMode}
            autoComplete="off"
            value={state.draft[field]}
            onChange={(event) => state.change({ [field]: event.target.value })}
            disabled={!state.editable}
            maxLength={field === 'hours' || field === 'percent' ? 5 : 20}
            className={suffix.length > 3 ? 'pr-24' : 'pr-16'}
            aria-required
          />
        </Suffixed>
      )}
    </Field>
  )
}

/** The sentence the customer will read, from the values as typed now. */
function previewText(
  t: TFunction,
  draft: Draft,
  currency: string,
  language: Language,
  priceMinor: number | undefined,
): string {
  const read = policyOfDraft(draft, currency, language)
  if (!('policy' in read)) return t('paymentPolicy.preview.incomplete')
  const { policy } = read
  if (policy.kind === 'none') return t('paymentPolicy.preview.none')
  const money = (minor: number) => formatMoney(minor, currency, language)
  const hours = policy.freeCancelHours
  if (policy.kind === 'guarantee') {
    const fee = money(policy.feeMinor)
    return hours === 0
      ? t('paymentPolicy.preview.guaranteeNoWindow', { fee })
      : t('paymentPolicy.preview.guarantee', { fee, hours })
  }
  let amount: string
  if (priceMinor === undefined) {
    // No price to compute from (not typed yet, or not a price): the share itself.
    amount =
      policy.deposit.type === 'percent'
        ? t('paymentPolicy.preview.percentOfPrice', { percent: policy.deposit.percent })
        : money(policy.deposit.amountMinor)
  } else {
    const asked = askedBy(policy, priceMinor)
    if (!asked) return t('paymentPolicy.preview.tooCheap', { min: money(MIN_CHARGE_MINOR) })
    amount = money(asked.amountMinor)
  }
  return hours === 0
    ? t('paymentPolicy.preview.depositNoWindow', { amount })
    : t('paymentPolicy.preview.deposit', { amount, hours })
}

/**
 * The list's badge of a service with a policy: "Acompte 30 €" (what its price asks), "Carte en
 * garantie"; greyed, and said so, while the salon cannot ask for money yet.
 */
export function PaymentPolicyBadge({
  policy,
  priceMinor,
  currency,
  readiness,
  language,
}: {
  policy: PaymentPolicy | undefined
  priceMinor: number
  currency: string
  readiness: PaymentReadiness
  language: Language
}) {
  const { t } = useTranslation()
  if (!policy || policy.kind === 'none') return null
  const asked = askedBy(policy, priceMinor)
  const text =
    policy.kind === 'guarantee'
      ? t('paymentPolicy.badge.guarantee')
      : asked
        ? t('paymentPolicy.badge.deposit', { amount: formatMoney(asked.amountMinor, currency, language) })
        : policy.deposit.type === 'percent'
          ? t('paymentPolicy.badge.depositPercent', { percent: policy.deposit.percent })
          : t('paymentPolicy.badge.deposit', { amount: formatMoney(policy.deposit.amountMinor, currency, language) })
  const ready = readiness === 'ready'
  return (
    <Badge
      tone={ready ? 'info' : 'neutral'}
      className="whitespace-nowrap"
      title={ready ? undefined : t('paymentPolicy.badge.notAsked')}
    >
      {text}
      {!ready && <span className="sr-only"> ({t('paymentPolicy.badge.notAsked')})</span>}
    </Badge>
  )
}
