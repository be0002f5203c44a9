import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on a free local port (smtp-server, no TLS, no authentication), for the tests of
 * what the app e-mails: SMTP_URL points at it, nodemailer speaks SMTP to it, and every message it
 * accepted is kept with its envelope's recipients and raw text.
 */

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface LocalSmtp {
  url: string
  mails: ReceivedMail[]
  close(): Promise<void>
}

export async function startLocalSmtp(): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The text of a mail as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function readableMail(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'))
  } catch {
    return bytes
  }
}
