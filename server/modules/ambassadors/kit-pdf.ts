import { languageOrDefault } from '@common/languages'
import type { AmbassadorRow } from '@server/db/schema'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { KIT_TEXTS } from './kit-texts'

/**
 * The ambassador kit as a printable A4 PDF (pdfkit), in the ambassador's language: their QR code
 * and referral code, the 7-step onboarding, the pitch, the FAQ and the support contact.
 */

const CM = 28.35
const INK = '#2b211c'
const SOFT = '#6b5e57'
const ACCENT = '#8c4a2f'

// The built-in Helvetica speaks WinAnsi: French, German and Italian letters, but no arrows.
const printable = (text: string) => text.replace(/→/g, '->').replace(/[^\t\n\u0020-\u024F\u2013-\u2026€]/g, '')

export async function ambassadorKitPdf(ambassador: AmbassadorRow, referralLink: string): Promise<Buffer> {
  const texts = KIT_TEXTS[languageOrDefault(ambassador.language)]
  const qr = await QRCode.toBuffer(referralLink, {
    width: 512,
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
  const doc = new PDFDocument({
    size: 'A4',
    margin: CM,
    info: { Title: `${texts.title} — ${ambassador.name}`, Author: 'Salonia', Subject: texts.title },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const width = doc.page.width - 2 * CM
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(ACCENT).text(printable(text), { width })
    doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor(INK)
  }

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(printable(texts.title), { width })
  doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor(SOFT).text(printable(texts.intro), { width })

  // The ambassador's card: QR code on the left, code and link on the right.
  const top = doc.y + 14
  doc.image(qr, CM, top, { width: 120, height: 120 })
  const right = CM + 140
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(SOFT)
    .text(printable(ambassador.name), right, top + 6, { width: width - 140 })
  doc
    .moveDown(0.5)
    .fontSize(10)
    .text(printable(texts.codeLabel), { width: width - 140 })
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(ambassador.referralCode, { width: width - 140 })
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(SOFT)
    .text(printable(texts.linkLabel), { width: width - 140 })
  doc.fillColor(ACCENT).text(referralLink, { width: width - 140, link: referralLink, underline: true })
  doc.x = CM
  doc.y = Math.max(doc.y, top + 130)

  heading(texts.stepsTitle)
  texts.steps.forEach((step, index) => {
    doc.font('Helvetica-Bold').text(`${index + 1}. ${printable(step.title)}`, { width })
    doc.font('Helvetica').fillColor(SOFT).text(printable(step.text), { width }).fillColor(INK).moveDown(0.35)
  })

  heading(texts.pitchTitle)
  doc.text(printable(texts.pitch), { width })

  heading(texts.faqTitle)
  for (const { q, a } of texts.faq) {
    doc.font('Helvetica-Bold').text(printable(q), { width })
    doc.font('Helvetica').fillColor(SOFT).text(printable(a), { width }).fillColor(INK).moveDown(0.35)
  }

  heading(texts.supportTitle)
  doc.text(printable(texts.support), { width })

  doc.end()
  return done
}
