import { text } from '@common/schemas/primitives'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { SalonRow } from '@server/db/schema'
import { callTool, TOOL_DESCRIPTIONS, type ToolName, type ToolScope, toolInputs } from '@server/modules/assistant/tools'
import { z } from 'zod'

/**
 * The salon's booking tools as an MCP server, for the salon's own AI agent (Claude, ChatGPT…).
 * The same tools as the chat assistant, bound to the salon of the token. An agent books for many
 * customers, so the tools that touch appointments name the customer: `customer.reference` is the
 * agent's own id for them, and a customer only ever sees and changes their own appointments.
 */
const customerInput = z.object({
  reference: text().min(1).max(200).describe("Your own stable id for this customer (e.g. your chat's user id)"),
  name: text().min(1).max(100).describe("The customer's first name"),
  phone: text().max(40).optional(),
  language: z.enum(['fr', 'de', 'it', 'en']).default('fr'),
})

const CUSTOMER_TOOLS: ToolName[] = [
  'book_appointment',
  'book_visit',
  'list_my_appointments',
  'cancel_appointment',
  'reschedule_appointment',
  'cancel_visit',
  'reschedule_visit',
  'tell_salon_late',
]

export function buildMcpServer(deps: Pick<ToolScope, 'db' | 'clock' | 'jobs' | 'log'>, salon: SalonRow): McpServer {
  const server = new McpServer({ name: `salonia-${salon.publicId}`, version: '1.0.0' })
  for (const name of Object.keys(toolInputs) as ToolName[]) {
    const needsCustomer = CUSTOMER_TOOLS.includes(name)
    const inputSchema = needsCustomer ? toolInputs[name].extend({ customer: customerInput }) : toolInputs[name]
    server.registerTool(
      name,
      {
        description: `${TOOL_DESCRIPTIONS[name]} Salon: ${salon.name}; times are local to ${salon.timeZone}.`,
        inputSchema,
      },
      async (input: Record<string, unknown>) => {
        const { customer, ...rest } = input as { customer?: z.infer<typeof customerInput> }
        const scope: ToolScope = {
          ...deps,
          salon,
          customer: {
            identity: { channel: 'mcp', externalId: customer?.reference ?? 'mcp-agent' },
            name: customer?.name ?? 'MCP',
            phone: customer?.phone,
            language: customer?.language ?? 'fr',
          },
        }
        const outcome = await callTool(scope, name, rest)
        return 'error' in outcome
          ? {
              isError: true,
              content: [{ type: 'text' as const, text: `${outcome.error.code}: ${outcome.error.message}` }],
            }
          : { content: [{ type: 'text' as const, text: JSON.stringify(outcome.result) }] }
      },
    )
  }
  return server
}
