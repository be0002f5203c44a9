import type { Language } from '@common/languages'
import { holdTerms } from '@server/modules/bookings/booking-holds'
import type { ToolScope } from '../tools'
import type { Line } from './outcome'

/**
 * What a booking's holds (a deposit, a card guarantee) ask of the customer, put into the reply in
 * their own words: said with the proposal, before the customer says yes; and once booked, what to
 * do to confirm it (the step's link). The assistant reads these words without knowing what they
 * are about.
 */
export async function withHoldWords(lines: Line[], scope: ToolScope, language: Language): Promise<Line[]> {
  return Promise.all(
    lines.map(async (line): Promise<Line> => {
      if (line.kind === 'propose') {
        const said = await Promise.all(
          line.services.map((service) =>
            holdTerms(
              scope.db,
              { salon: scope.salon, serviceId: service.id, channel: scope.customer.identity.channel },
              language,
            ),
          ),
        )
        const terms = [...new Set(said.flat())]
        return terms.length > 0 ? { ...line, terms } : line
      }
      if (line.kind === 'booked') {
        const steps = [...new Set(line.appointments.flatMap((a) => a.nextSteps ?? []))]
        return steps.length > 0 ? { ...line, steps } : line
      }
      return line
    }),
  )
}
