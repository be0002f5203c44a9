/**
 * A service's phases (issue 39): the customer's time in the salon (`durationMinutes`), inside it
 * an optional processing pause — a colour developing, the member free for another client — that
 * starts `processingAfterMinutes` after the start and lasts `processingMinutes`, and clean-up
 * minutes after the customer leaves, when the member is still busy. What the member cannot give
 * anyone else is the working time: the phases before and after the processing, and the clean-up.
 */
export interface ServicePhases {
  durationMinutes: number
  /** 0 with no processing. */
  processingAfterMinutes: number
  /** 0: no processing pause. */
  processingMinutes: number
  cleanupMinutes: number
}

/** A stretch of the member's working time, in minutes from the appointment's start. */
export interface WorkOffset {
  start: number
  end: number
}

export const PROCESSING_MAX_MINUTES = 600
export const CLEANUP_MAX_MINUTES = 120
/** Working time on each side of a processing pause: at least this long. */
export const PHASE_MIN_MINUTES = 5

/** A service without phases: the member works the whole time, nothing after. */
export function plainPhases(durationMinutes: number): ServicePhases {
  return { durationMinutes, processingAfterMinutes: 0, processingMinutes: 0, cleanupMinutes: 0 }
}

/** Only the four fields of phases, from a row that has them (a service, a booking's snapshot). */
export function phasesOf(row: ServicePhases): ServicePhases {
  const { durationMinutes, processingAfterMinutes, processingMinutes, cleanupMinutes } = row
  return { durationMinutes, processingAfterMinutes, processingMinutes, cleanupMinutes }
}

/** From the start to the end of the member's working time: the customer's time and the clean-up. */
export function occupiedMinutes(phases: ServicePhases): number {
  return phases.durationMinutes + phases.cleanupMinutes
}

/**
 * The member's working stretches of an appointment, from its start: the whole appointment and its
 * clean-up, or the work before the processing, then the rest and the clean-up.
 */
export function workOffsets(phases: ServicePhases): WorkOffset[] {
  const end = phases.durationMinutes + phases.cleanupMinutes
  if (phases.processingMinutes <= 0) return [{ start: 0, end }]
  const resumes = phases.processingAfterMinutes + phases.processingMinutes
  return [
    { start: 0, end: phases.processingAfterMinutes },
    { start: resumes, end },
  ]
}

/**
 * Why these phases do not hold together, or null: the processing pause leaves working time on
 * both sides of it inside the appointment, and clean-up stays within its bounds.
 */
export function phasesProblem(phases: ServicePhases): 'processing_outside' | 'cleanup_range' | null {
  const { durationMinutes, processingAfterMinutes: after, processingMinutes: minutes, cleanupMinutes } = phases
  if (!Number.isInteger(cleanupMinutes) || cleanupMinutes < 0 || cleanupMinutes > CLEANUP_MAX_MINUTES) {
    return 'cleanup_range'
  }
  if (minutes === 0 && after === 0) return null
  const fits =
    Number.isInteger(after) &&
    Number.isInteger(minutes) &&
    minutes > 0 &&
    after >= PHASE_MIN_MINUTES &&
    after + minutes + PHASE_MIN_MINUTES <= durationMinutes
  return fits ? null : 'processing_outside'
}

/** A length in minutes (all of it work) or phases, as phases. */
export function phasesOfLength(length: number | ServicePhases): ServicePhases {
  return typeof length === 'number' ? plainPhases(length) : phasesOf(length)
}
