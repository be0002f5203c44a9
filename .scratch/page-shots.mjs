import { chromium } from '@playwright/test'

const base = 'http://127.0.0.1:3100'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
async function bookViaChat(name, msg, lang = 'fr') {
  const ctx = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'de-DE', timezoneId: 'Europe/Paris' })
  const page = await ctx.newPage()
  await page.goto(`${base}/chat/SAL001`)
  await page.locator('input').first().fill(name)
  await page.keyboard.press('Enter')
  const field = page.getByRole('textbox').last()
  await field.fill(msg)
  await field.press('Enter')
  await page.waitForTimeout(2500)
  await field.fill(lang === 'fr' ? 'oui' : 'ja')
  await field.press('Enter')
  await page.waitForTimeout(2500)
  await page.setViewportSize({ width: 412, height: 900 })
  await page.screenshot({ path: `/tmp/shots/chat-${name}.png` })
  const href = await page.locator('a[href*="/r/"]').last().getAttribute('href')
  await ctx.close()
  return href
}
const later = await bookViaChat('Lina', 'Une coupe femme jeudi à 10h')
const soon = await bookViaChat('Jonas', 'Einen Damenhaarschnitt heute um 10 Uhr', 'de')
console.log(later, soon)
for (const [label, size, mobile] of [
  ['phone', { width: 412, height: 915 }, true],
  ['desktop', { width: 1280, height: 900 }, false],
]) {
  const ctx = await browser.newContext({
    viewport: size,
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  const page = await ctx.newPage()
  await page.goto(later.replace('http://localhost:3100', base))
  await page.waitForTimeout(1200)
  await page.screenshot({ path: `/tmp/shots/page-${label}.png`, fullPage: true })
  await page.getByRole('button', { name: 'Déplacer' }).click()
  await page.waitForTimeout(800)
  await page.screenshot({ path: `/tmp/shots/move-${label}.png`, fullPage: true })
  await page.locator('fieldset').nth(1).getByRole('button').nth(3).click()
  await page.screenshot({ path: `/tmp/shots/move-chosen-${label}.png`, fullPage: true })
  await page.getByRole('button', { name: 'Retour' }).click()
  await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click()
  await page.waitForTimeout(500)
  await page.screenshot({ path: `/tmp/shots/cancel-${label}.png` })
  await page.keyboard.press('Escape')
  await page.goto(soon.replace('http://localhost:3100', base))
  await page.waitForTimeout(1200)
  await page.screenshot({ path: `/tmp/shots/toolate-${label}.png`, fullPage: true })
  await page.goto(`${base}/r/${'A'.repeat(44)}`)
  await page.waitForTimeout(800)
  await page.screenshot({ path: `/tmp/shots/forged-${label}.png` })
  await ctx.close()
}
await browser.close()
