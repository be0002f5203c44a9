import { salonParamsSchema } from '@common/schemas/salon'
import {
  recurringBlockInputSchema,
  recurringBlockSchema,
  salonHoursInputSchema,
  timeOffInputSchema,
  timeOffSchema,
  workingHoursSchema,
} from '@common/schemas/schedule'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { addBlock, listBlocks, removeBlock } from './recurring-blocks.usecases'
import { presentRecurringBlock, presentTimeOff } from './schedule.presenters'
import { addTimeOff, getWorkingHours, listTimeOff, removeTimeOff, setWorkingHours } from './schedule.usecases'

export function scheduleRoutes(app: App, deps: AppDeps): void {
  const { db } = deps
  app.get(
    '/api/salons/:id/working-hours',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: workingHoursSchema } } },
    async (request) => getWorkingHours(db, salonOfRequest(request)),
  )

  app.put(
    '/api/salons/:id/working-hours',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: salonHoursInputSchema, response: { 200: workingHoursSchema } },
    },
    async (request) => setWorkingHours(deps, salonOfRequest(request), request.body.workingHours, request.body),
  )

  app.get(
    '/api/salons/:id/time-off',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: z.array(timeOffSchema) } } },
    async (request) => (await listTimeOff(db, salonOfRequest(request))).map(presentTimeOff),
  )

  app.post(
    '/api/salons/:id/time-off',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: timeOffInputSchema, response: { 201: timeOffSchema } },
    },
    async (request, reply) => {
      const created = await addTimeOff(deps, salonOfRequest(request), request.body)
      return reply.status(201).send(presentTimeOff(created))
    },
  )

  app.delete(
    '/api/salons/:id/time-off/:timeOffId',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema.extend({ timeOffId: z.uuid({ message: 'Unknown absence id' }) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeTimeOff(deps, salonOfRequest(request), request.params.timeOffId)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/salons/:id/blocks',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: z.array(recurringBlockSchema) } },
    },
    async (request) => (await listBlocks(db, salonOfRequest(request))).map(presentRecurringBlock),
  )

  app.post(
    '/api/salons/:id/blocks',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: recurringBlockInputSchema, response: { 201: recurringBlockSchema } },
    },
    async (request, reply) => {
      const created = await addBlock(deps, salonOfRequest(request), request.body)
      return reply.status(201).send(presentRecurringBlock(created))
    },
  )

  app.delete(
    '/api/salons/:id/blocks/:blockId',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema.extend({ blockId: z.uuid({ message: 'Unknown block id' }) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeBlock(deps, salonOfRequest(request), request.params.blockId)
      return reply.status(204).send(null)
    },
  )
}
