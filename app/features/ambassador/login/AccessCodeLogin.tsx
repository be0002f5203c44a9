import { DismissibleAlert } from '@app/components/DismissibleAlert'
import { Button } from '@app/components/ui/Button'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { GoogleMark } from '@app/features/calendar-connect/providers'
import { ApiError, apiRequest } from '@app/lib/api'
import { useMutation } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck, KeyRound } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { retryAfterSeconds } from '../ambassador-api'

/** Where the browser goes to sign in with Google once the code is valid (a navigation, not a call). */
export const googleSignInUrl = (accessCode: string) =>
  `/api/ambassador/google-auth?accessCode=${encodeURIComponent(accessCode)}`

type Problem = { kind: 'invalid' } | { kind: 'unreachable' } | { kind: 'rateLimited'; seconds: number; until: number }

/** Seconds left until `until`, ticking every second while there are some. */
function useSecondsLeft(until: number | undefined): number {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0)
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` only reads `until`
  useEffect(() => {
    setSeconds(left())
    if (!until) return
    const timer = window.setInterval(() => {
      const now = left()
      setSeconds(now)
      if (now === 0) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [until])
  return seconds
}

/**
 * The ambassador sign-in (spec §2, §4): step 1 checks the access code; step 2 sends the browser to
 * Google with it. Back returns to step 1 with the code kept, to correct it. Focus follows the step.
 */
export function AccessCodeLogin({ onAttempt }: { onAttempt?: () => void }) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [step, setStep] = useState<1 | 2>(1)
  const [problem, setProblem] = useState<Problem>()
  const [leaving, setLeaving] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const validatedRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const typed = code.trim()
  const waitSeconds = useSecondsLeft(problem?.kind === 'rateLimited' ? problem.until : undefined)

  useEffect(() => {
    // Not on the first render: the page opens without stealing focus from the navigation.
    if (!moved.current) return
    if (step === 2) validatedRef.current?.focus()
    else inputRef.current?.focus()
  }, [step])

  const check = useMutation({
    // The answer's shape (accessCodeCheckSchema) checked by hand: zod is not part of this page's first load.
    mutationFn: async (accessCode: string) => {
      const body: unknown = await (await apiRequest('POST', '/api/ambassador/validate-code', { accessCode })).json()
      const isValid = typeof body === 'object' && body !== null ? (body as { isValid?: unknown }).isValid : undefined
      if (typeof isValid !== 'boolean') throw new Error('The answer is not an access code check')
      return isValid
    },
    onSuccess: (isValid) => {
      if (!isValid) {
        setProblem({ kind: 'invalid' })
        inputRef.current?.focus()
        return
      }
      setProblem(undefined)
      moved.current = true
      setStep(2)
      toast({ title: t('ambassadorSignIn.codeValidToast'), tone: 'success', duration: 2000 })
    },
    onError: (error) => {
      const seconds = retryAfterSeconds(error)
      // A malformed code (400) is just as invalid as an unknown one.
      if (seconds) setProblem({ kind: 'rateLimited', seconds, until: Date.now() + seconds * 1000 })
      else if (error instanceof ApiError && error.status < 500) setProblem({ kind: 'invalid' })
      else setProblem({ kind: 'unreachable' })
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!typed || check.isPending || waitSeconds > 0) return
    onAttempt?.()
    check.mutate(typed)
  }

  const back = () => {
    moved.current = true
    setStep(1)
  }

  const signIn = () => {
    setLeaving(true)
    window.location.assign(googleSignInUrl(typed))
  }

  // The refusal says once how long to wait (an alert re-read every second would drown the page);
  // the button counts down.
  const problemText =
    problem?.kind === 'invalid'
      ? t('ambassadorSignIn.invalidCode')
      : problem?.kind === 'unreachable'
        ? t('ambassadorSignIn.validationFailed')
        : problem?.kind === 'rateLimited' && waitSeconds > 0
          ? t('ambassadorSignIn.rateLimited', { seconds: problem.seconds })
          : undefined

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm font-medium text-ink-soft">
        {t('ambassadorSignIn.stepOf', { current: step, total: 2 })}
        <span aria-hidden className="mx-2 text-line">
          ·
        </span>
        {step === 1 ? t('ambassadorSignIn.stepCode') : t('ambassadorSignIn.stepGoogle')}
      </p>
      {step === 1 ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field
            id="ambassador-access-code"
            label={t('ambassadorSignIn.codeLabel')}
            hint={t('ambassadorSignIn.codeHint')}
            error={problemText}
          >
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value)
                  if (problem?.kind !== 'rateLimited') setProblem(undefined)
                }}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                className="font-mono tracking-wide"
              />
            )}
          </Field>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!typed || waitSeconds > 0}
            loading={check.isPending}
          >
            {!check.isPending && <KeyRound aria-hidden className="size-4" />}
            {check.isPending
              ? t('ambassadorSignIn.validating')
              : waitSeconds > 0
                ? t('ambassadorSignIn.wait', { seconds: waitSeconds })
                : t('ambassadorSignIn.validate')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex gap-3 rounded-2xl border border-success/25 bg-success-soft p-4">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <div className="min-w-0">
              <h2 ref={validatedRef} tabIndex={-1} className="font-sans text-base font-semibold text-ink">
                {t('ambassadorSignIn.validated')}
              </h2>
              <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t('ambassadorSignIn.validatedText')}</p>
            </div>
          </div>
          <Button size="lg" className="w-full" onClick={signIn} loading={leaving}>
            {!leaving && (
              <span className="inline-flex size-6 items-center justify-center rounded-full bg-white">
                <GoogleMark className="size-4" />
              </span>
            )}
            {leaving ? t('ambassadorSignIn.redirecting') : t('ambassadorSignIn.google')}
          </Button>
          <Button variant="ghost" className="w-full" onClick={back} disabled={leaving}>
            <ArrowLeft aria-hidden className="size-4" />
            {t('ambassadorSignIn.back')}
          </Button>
        </div>
      )}
    </div>
  )
}

/** The failure Google sign-in came back with: stays until dismissed or a new attempt. */
export function SignInFailureAlert({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  const { t } = useTranslation()
  return <DismissibleAlert title={t('ambassadorSignIn.errors.title')} text={text} onDismiss={onDismiss} />
}
