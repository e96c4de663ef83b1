/**
 * A real SMTP server on loopback that keeps what it receives, for tests of the alert digests
 *: the backend's tests and the browser test point SMTP_URL at it and read the mail.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** envelope recipients */
  to: string[];
  /** the message as sent (headers and encoded body) */
  raw: string;
  /** the Subject header, decoded */
  subject: string;
  /** the raw message followed by every decoded body part: search it for what the reader sees */
  text: string;
}

export interface MailSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
const quotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The raw message and its base64 and quoted-printable parts decoded (UTF-8). */
export function decodeMail(raw: string): string {
  const parts: string[] = [raw];
  for (const m of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    parts.push(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  for (const m of raw.matchAll(/Content-Transfer-Encoding: quoted-printable\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/g)) {
    parts.push(utf8(quotedPrintable(m[1]!)));
  }
  return parts.join('\n');
}

/** A header's value, unfolded, its encoded words (RFC 2047, UTF-8, B or Q) decoded. */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  if (!match) return '';
  const value = match[1]!.replace(/\r?\n[ \t]/g, ' ');
  // Adjacent encoded words are one run of bytes: the space between them is not text.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_x, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : utf8(quotedPrintable(data.replace(/_/g, ' '))),
    );
}

/** Listen on 127.0.0.1:`port` (0: any free port). */
export async function startMailSink(port = 0): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headerOf(raw, 'Subject'),
          text: decodeMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
