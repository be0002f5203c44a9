import { formatLocalDateTime } from '@common/time'
import type { SalonRow } from '@server/db/schema'
import { readState } from '@server/modules/assistant/conversation/state-storage'
import { type CustomersDeps, customerFile, requireCustomer } from '@server/modules/customers/customers.usecases'
import { type CustomerExport, presentCustomerExport } from './privacy.presenters'
import * as repo from './privacy.repository'

/**
 * The GDPR access request: everything held about a customer at the salon — their file from the
 * core, and what the assistant kept of their chats and the salon's messages to them.
 */

/** Everything held about the customer (GDPR access request), and the name of its file. */
export async function exportSalonCustomer(
  deps: Pick<CustomersDeps, 'db' | 'clock'>,
  salon: SalonRow,
  customerId: string,
): Promise<{ data: CustomerExport; filename: string }> {
  const now = deps.clock.now()
  const customer = await requireCustomer(deps.db, salon, customerId)
  const [file, conversations, salonMessages] = await Promise.all([
    customerFile(deps.db, customer),
    repo.listConversations(deps.db, customer.id),
    repo.listCustomerSalonMessages(deps.db, customer.id),
  ])
  const data = presentCustomerExport(
    customer,
    {
      ...file,
      conversations: conversations.map((row) => ({
        row,
        messages: (readState(row.state).history ?? []).map((turn) => ({ role: turn.role, content: turn.content })),
      })),
      salonMessages,
    },
    salon,
    now,
  )
  const day = formatLocalDateTime(now, salon.timeZone).slice(0, 10)
  // No name in the file name: it lands in a downloads folder and in the browser's history.
  return { data, filename: `client-${customer.id.slice(0, 8)}-${day}.json` }
}
