import type { WhatsAppAccountRow } from '@server/db/schema'
import * as repo from './whatsapp.repository'
import { createTemplate, listTemplates, WhatsAppRefused } from './whatsapp-api'
import type { WhatsAppDeps } from './whatsapp-deps'
import { allTemplates, languageOfCode, TEMPLATE_NAMES, templateDefinition } from './whatsapp-templates'

/**
 * The salon's templates as Meta has them: read back by name, and those missing created (Meta
 * reviews each, usually within minutes; its verdict arrives by webhook and on the next read). A
 * template Meta refuses to create is recorded as not created, and tried again at the next
 * maintenance; the others go on.
 */
export async function syncTemplates(deps: WhatsAppDeps, account: WhatsAppAccountRow, token: string): Promise<void> {
  const known = new Map<string, string>()
  for (const name of Object.values(TEMPLATE_NAMES)) {
    for (const template of await listTemplates(deps.whatsapp, token, account.wabaId, name)) {
      const language = languageOfCode(template.language)
      if (!language) continue
      known.set(`${name}:${language}`, template.status)
      await repo.saveTemplate(
        deps.db,
        { salonId: account.salonId, name, language, status: template.status, templateId: template.id },
        deps.clock.now(),
      )
    }
  }
  for (const { purpose, language } of allTemplates()) {
    const name = TEMPLATE_NAMES[purpose]
    if (known.has(`${name}:${language}`)) continue
    try {
      const created = await createTemplate(deps.whatsapp, token, account.wabaId, templateDefinition(purpose, language))
      await repo.saveTemplate(
        deps.db,
        { salonId: account.salonId, name, language, status: created.status, templateId: created.id },
        deps.clock.now(),
      )
    } catch (error) {
      if (!(error instanceof WhatsAppRefused)) throw error
      deps.log.warn(
        { salonId: account.salonId, name, language, reason: error.message },
        'WhatsApp template not created',
      )
      await repo.saveTemplate(
        deps.db,
        { salonId: account.salonId, name, language, status: null, reason: error.message.slice(0, 300) },
        deps.clock.now(),
      )
    }
  }
}
