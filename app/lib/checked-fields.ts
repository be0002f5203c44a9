import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from './api'

type Problems<Name extends string> = Partial<Record<Name, string>>

/**
 * A form's text values with, under each field, what our own checks found wrong (a translation key)
 * or the server's refusal (in its own words, already readable); both go as the field changes.
 */
export function useCheckedFields<Name extends string, Values extends Record<Name, string>>(
  fields: readonly Name[],
  initial: Values,
  idOf: (field: Name) => string,
) {
  const { t } = useTranslation()
  const [values, setValues] = useState(initial)
  const [problems, setProblems] = useState<Problems<Name>>({})
  const [refusals, setRefusals] = useState<Problems<Name>>({})
  return {
    values,
    setValues,
    set: (field: Name) => (value: string) => {
      setValues((current) => ({ ...current, [field]: value }))
      setProblems((current) => ({ ...current, [field]: undefined }))
      setRefusals((current) => ({ ...current, [field]: undefined }))
    },
    errorOf: (field: Name) => {
      const key = problems[field]
      return key ? t(key) : refusals[field]
    },
    /** Shows the problems found; false, with the first wrong field focused, when there is any. */
    accept: (found: Problems<Name>) => {
      setProblems(found)
      const first = fields.find((field) => found[field])
      if (first) document.getElementById(idOf(first))?.focus()
      return first === undefined
    },
    /** Puts the server's refusals under their fields; gives back those that concern no field. */
    refuse: (error: unknown): string[] => {
      const byField: Problems<Name> = {}
      const others: string[] = []
      for (const issue of error instanceof ApiError ? (error.body?.issues ?? []) : []) {
        const field = fields.find((name) => issue.path.split('.').at(-1) === name)
        if (field) byField[field] ??= issue.message
        else others.push(issue.message)
      }
      setRefusals(byField)
      return others
    },
  }
}
