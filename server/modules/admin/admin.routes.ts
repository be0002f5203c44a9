import {
  accessCodeCreatedSchema,
  accessCodeCreateInputSchema,
  accessCodeSchema,
  adminOverviewSchema,
  adminSalonDetailsSchema,
  adminSalonInputSchema,
  adminSalonUpdateSchema,
  failedJobsSchema,
  jobParamsSchema,
  jobRetriedSchema,
} from '@common/schemas/admin'
import { salonParamsSchema, salonSchema } from '@common/schemas/salon'
import type { App, AppDeps } from '@server/http/types'
import { createAccessCode, listAccessCodes, revokeAccessCode } from '@server/modules/ambassadors/access-codes.usecases'
import { createSalonAsAdmin, requireSalon, updateSalonAsAdmin } from '@server/modules/salons/salons.usecases'
import { z } from 'zod'
import { adminOverview, adminSalonDetails, failedJobs, retryFailedJob } from './admin.usecases'

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
    async (request) => updateSalonAsAdmin(deps, await requireSalon(db, request.params.id), request.body),
  )

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
