import {
  accessCodeCreatedSchema,
  accessCodeCreateInputSchema,
  accessCodeSchema,
  adminAmbassadorSchema,
  adminOverviewSchema,
  adminSalonDetailsSchema,
  adminSalonInputSchema,
  adminSalonUpdateSchema,
  ambassadorParamsSchema,
  failedJobsSchema,
  jobParamsSchema,
  jobRetriedSchema,
  waitlistActivateInputSchema,
  waitlistEntryParamsSchema,
  waitlistEntryUpdateSchema,
  waitlistLinkInputSchema,
} from '@common/schemas/admin'
import { activationMailSentSchema } from '@common/schemas/ambassador'
import { salonParamsSchema, salonSchema } from '@common/schemas/salon'
import { waitlistReferralSchema } from '@common/schemas/waitlist'
import type { App, AppDeps } from '@server/http/types'
import { createAccessCode, listAccessCodes, revokeAccessCode } from '@server/modules/ambassadors/access-codes.usecases'
import { requireSalon } from '@server/modules/salons/salons.usecases'
import { z } from 'zod'
import { adminOverview, adminSalonDetails, createSalonAsAdmin, failedJobs, retryFailedJob } from './admin.usecases'
import {
  activateWaitlistEntryAsAdmin,
  deleteWaitlistEntry,
  linkWaitlistEntry,
  listAmbassadorsWithStats,
  resendActivationMailAsAdmin,
  setAmbassadorActive,
  updateSalonAndTellIt,
  updateWaitlistEntry,
} from './funnel.usecases'

/** The administration panel's calls; everything under /api/admin is for administrators only. */
export function adminRoutes(app: App, deps: AppDeps): void {
  const { db, clock } = deps

  app.get(
    '/api/admin/overview',
    { config: { access: 'admin' }, schema: { response: { 200: adminOverviewSchema } } },
    async () => adminOverview(deps),
  )

  app.post(
    '/api/admin/salons',
    { config: { access: 'admin' }, schema: { body: adminSalonInputSchema, response: { 201: salonSchema } } },
    async (request, reply) => reply.status(201).send(await createSalonAsAdmin(deps, request.body)),
  )

  app.get(
    '/api/admin/salons/:id',
    { config: { access: 'admin' }, schema: { params: salonParamsSchema, response: { 200: adminSalonDetailsSchema } } },
    async (request) => adminSalonDetails(deps, await requireSalon(db, request.params.id)),
  )

  app.patch(
    '/api/admin/salons/:id',
    {
      config: { access: 'admin' },
      schema: { params: salonParamsSchema, body: adminSalonUpdateSchema, response: { 200: salonSchema } },
    },
    // A new authorised Google account: the activation e-mail goes again, naming it.
    async (request) => updateSalonAndTellIt(deps, await requireSalon(db, request.params.id), request.body),
  )

  app.post(
    '/api/admin/salons/:id/resend-activation-email',
    {
      config: { access: 'admin' },
      schema: { params: salonParamsSchema, response: { 200: activationMailSentSchema } },
    },
    async (request) => resendActivationMailAsAdmin(deps, await requireSalon(db, request.params.id)),
  )

  // The funnel: the waitlist's entries (listed by GET /api/admin/waitlist) and the ambassadors.
  app.patch(
    '/api/admin/waitlist/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: waitlistEntryParamsSchema,
        body: waitlistEntryUpdateSchema,
        response: { 200: waitlistReferralSchema },
      },
    },
    async (request) => updateWaitlistEntry(deps, request.params.id, request.body),
  )

  app.post(
    '/api/admin/waitlist/:id/activate',
    {
      config: { access: 'admin' },
      schema: {
        params: waitlistEntryParamsSchema,
        body: waitlistActivateInputSchema,
        response: { 200: activationMailSentSchema.extend({ entry: waitlistReferralSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await activateWaitlistEntryAsAdmin(deps, request.params.id, request.body.authorizedEmail)),
    }),
  )

  app.post(
    '/api/admin/waitlist/:id/link',
    {
      config: { access: 'admin' },
      schema: {
        params: waitlistEntryParamsSchema,
        body: waitlistLinkInputSchema,
        response: { 200: waitlistReferralSchema },
      },
    },
    async (request) => linkWaitlistEntry(deps, request.params.id, request.body.salonId),
  )

  app.delete(
    '/api/admin/waitlist/:id',
    { config: { access: 'admin' }, schema: { params: waitlistEntryParamsSchema } },
    async (request, reply) => {
      await deleteWaitlistEntry(deps, request.params.id)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/admin/ambassadors',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminAmbassadorSchema) } } },
    async () => listAmbassadorsWithStats(deps),
  )

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/admin/ambassadors/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: { params: ambassadorParamsSchema, response: { 200: adminAmbassadorSchema } },
      },
      async (request) => setAmbassadorActive(deps, request.params.id, isActive),
    )
  }

  app.get(
    '/api/admin/access-codes',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(accessCodeSchema) } } },
    async () => listAccessCodes(db),
  )

  app.post(
    '/api/admin/access-codes',
    {
      config: { access: 'admin' },
      schema: { body: accessCodeCreateInputSchema, response: { 201: accessCodeCreatedSchema } },
    },
    async (request, reply) => reply.status(201).send(await createAccessCode(db, clock, request.body)),
  )

  app.post(
    '/api/admin/access-codes/:codeId/revoke',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ codeId: z.uuid({ message: 'Unknown access code' }) }),
        response: { 200: accessCodeSchema },
      },
    },
    async (request) => revokeAccessCode(db, clock, request.params.codeId),
  )

  // Background jobs whose retries are spent: what failed and why, and a way to run one again.
  app.get(
    '/api/admin/jobs/failed',
    { config: { access: 'admin' }, schema: { response: { 200: failedJobsSchema } } },
    async () => failedJobs(deps),
  )

  app.post(
    '/api/admin/jobs/:id/retry',
    { config: { access: 'admin' }, schema: { params: jobParamsSchema, response: { 200: jobRetriedSchema } } },
    async (request) => {
      await retryFailedJob(deps, request.params.id)
      return { success: true as const }
    },
  )
}
