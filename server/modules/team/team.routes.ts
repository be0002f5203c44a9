import { salonParamsSchema } from '@common/schemas/salon'
import {
  calendarBlocksSchema,
  teamMemberCreateSchema,
  teamMemberSchema,
  teamMemberUpdateSchema,
  teamOrderSchema,
  teamSchema,
} from '@common/schemas/team'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { addMember, listTeam, reorderTeam, setCalendarBlocks, updateMember } from './team.usecases'

const memberParams = salonParamsSchema.extend({ memberId: z.uuid({ message: 'Unknown team member id' }) })

/** The salon's team: its owner only (the dashboard's "Équipe"). */
export function teamRoutes(app: App, deps: AppDeps): void {
  const { db } = deps

  app.get(
    '/api/salons/:id/team',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: teamSchema } } },
    async (request) => {
      const salon = salonOfRequest(request)
      return { members: await listTeam(db, salon), calendarBlocks: salon.calendarBlocks }
    },
  )

  app.post(
    '/api/salons/:id/team',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: teamMemberCreateSchema, response: { 201: teamMemberSchema } },
    },
    async (request, reply) => {
      const member = await addMember(deps, salonOfRequest(request), request.body)
      return reply.status(201).send(member)
    },
  )

  app.patch(
    '/api/salons/:id/team/:memberId',
    {
      config: { access: 'salon' },
      schema: { params: memberParams, body: teamMemberUpdateSchema, response: { 200: teamMemberSchema } },
    },
    async (request) => updateMember(deps, salonOfRequest(request), request.params.memberId, request.body),
  )

  app.put(
    '/api/salons/:id/team-order',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: teamOrderSchema, response: { 200: z.array(teamMemberSchema) } },
    },
    async (request) => reorderTeam(deps, salonOfRequest(request), request.body.memberIds),
  )

  app.put(
    '/api/salons/:id/calendar-blocks',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: calendarBlocksSchema, response: { 200: calendarBlocksSchema } },
    },
    async (request) => setCalendarBlocks(deps, salonOfRequest(request), request.body.calendarBlocks),
  )
}
