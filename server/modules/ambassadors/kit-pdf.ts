import { type Language, languageOrDefault } from '@common/languages'
import type { AmbassadorRow } from '@server/db/schema'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { KIT_TEXTS } from './kit-texts'

/**
 * The ambassador kit as a printable A4 PDF (pdfkit), in the language asked for (the one the
 * interface shows), else the ambassador's stored one: their QR code and referral code, the 7-step
 * onboarding, the pitch, the FAQ and the support contact.
 */

const CM = 28.35
const INK = '#2b211c'
const SOFT = '#6b5e57'
const ACCENT = '#8c4a2f'

// The built-in Helvetica speaks WinAnsi: French, German and Italian letters, but no arrows, nor
// the narrow no-break space French puts before ? ! ; (printed as a plain no-break space).
const printable = (text: string) =>
  text
    .replace(/→/g, '->')
    .replace(/\u202F/g, '\u00A0')
    .replace(/[^\t\n\u0020-\u024F\u2013-\u2026€]/g, '')

export async function ambassadorKitPdf(
  ambassador: AmbassadorRow,
  referralLink: string,
  asked?: Language,
): Promise<{ pdf: Buffer; language: Language }> {
  const language = asked ?? languageOrDefault(ambassador.language)
  const texts = KIT_TEXTS[language]
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
  /** The height a bold line and a plain paragraph under it take (a step, a question and its answer). */
  const blockHeight = (title: string, text: string) =>
    doc.font('Helvetica-Bold').fontSize(10.5).heightOfString(printable(title), { width }) +
    doc.font('Helvetica').heightOfString(printable(text), { width }) +
    doc.currentLineHeight() * 0.35
  /** Each block stays whole: one that would not fit in what is left of the page starts the next. */
  const keepWhole = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage()
  }
  // A title goes to the next page with the block it heads, rather than end a page alone.
  const heading = (text: string, firstBlock: number) => {
    keepWhole(doc.font('Helvetica-Bold').fontSize(14).currentLineHeight() * 2.1 + firstBlock)
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

  const [firstStep] = texts.steps
  heading(texts.stepsTitle, firstStep ? blockHeight(`1. ${firstStep.title}`, firstStep.text) : 0)
  texts.steps.forEach((step, index) => {
    keepWhole(blockHeight(`${index + 1}. ${step.title}`, step.text))
    doc.font('Helvetica-Bold').text(`${index + 1}. ${printable(step.title)}`, { width })
    doc.font('Helvetica').fillColor(SOFT).text(printable(step.text), { width }).fillColor(INK).moveDown(0.35)
  })

  heading(texts.pitchTitle, doc.font('Helvetica').fontSize(10.5).heightOfString(printable(texts.pitch), { width }))
  doc.text(printable(texts.pitch), { width })

  const [firstQuestion] = texts.faq
  heading(texts.faqTitle, firstQuestion ? blockHeight(firstQuestion.q, firstQuestion.a) : 0)
  for (const { q, a } of texts.faq) {
    keepWhole(blockHeight(q, a))
    doc.font('Helvetica-Bold').text(printable(q), { width })
    doc.font('Helvetica').fillColor(SOFT).text(printable(a), { width }).fillColor(INK).moveDown(0.35)
  }

  heading(texts.supportTitle, doc.font('Helvetica').fontSize(10.5).heightOfString(printable(texts.support), { width }))
  doc.text(printable(texts.support), { width })

  doc.end()
  return { pdf: await done, language }
}
