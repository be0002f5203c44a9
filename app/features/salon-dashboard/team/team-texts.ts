import { ApiError } from '@app/lib/api'
import { MEMBER_COLOURS } from '@common/schemas/team'
import type { TFunction } from 'i18next'

/** The palette's colours by name, for those who do not see them (and the colour picker's labels). */
const COLOUR_NAMES = ['violet', 'teal', 'raspberry', 'amber', 'blue', 'green', 'magenta', 'cyan'] as const
const NAME_OF = new Map<string, string>(MEMBER_COLOURS.map((colour, index) => [colour, COLOUR_NAMES[index] ?? '']))

/** "Violet", "Bleu canard"…; a colour set through the API outside the palette is "custom". */
export function colourName(t: TFunction, colour: string): string {
  const name = NAME_OF.get(colour.toLowerCase())
  return name ? t(`team.colours.${name}`) : t('team.colours.custom')
}

/** The server's refusals that concern the team, by their stable codes (team.*, and the services editor's). */
const REFUSALS: Record<string, string> = {
  'team.member_not_found': 'team.errors.memberNotFound',
  'team.member_not_performing': 'team.errors.memberNotPerforming',
  'team.name_taken': 'team.errors.nameTaken',
  'team.owner_stays_active': 'team.errors.ownerStaysActive',
  'team.full': 'team.errors.full',
  'team.unknown_services': 'team.errors.unknownServices',
  'team.order_mismatch': 'team.errors.orderMismatch',
  'team.no_hours': 'team.errors.noHours',
  'catalog.unknown_members': 'team.errors.unknownMembers',
  'catalog.no_active_member': 'team.errors.noActiveMember',
}

/** The translation key of a refusal we know, by its code. */
export function refusalKey(failure: unknown): string | undefined {
  const code = failure instanceof ApiError ? failure.code : undefined
  return code ? REFUSALS[code] : undefined
}

/** A refusal in the interface language; otherwise `fallback` (a network error, a server fault). */
export function explainRefusal(t: TFunction, failure: unknown, fallback: string): string {
  const key = refusalKey(failure)
  return key ? t(key) : t(fallback)
}
