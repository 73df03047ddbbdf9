import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  subject: string;
  /** The decoded text body. */
  text: string;
};

export type SmtpMailbox = {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** While set, every message is answered with this 550 error instead of being accepted. */
  refuseWith(message: string | null): void;
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpMailbox(): Promise<SmtpMailbox> {
  const received: ReceivedMail[] = [];
  let refusal: string | null = null;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      readStream(stream).then(
        (raw) => {
          if (refusal) {
            callback(Object.assign(new Error(refusal), { responseCode: 550 }));
            return;
          }
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            ...parseMessage(raw),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(message) {
      refusal = message;
    },
    async waitForMail(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(match);
        if (mail) return mail;
        if (Date.now() > deadline) {
          const seen = received.map((m) => `${m.envelopeTo.join(',')}: ${m.subject}`);
          throw new Error(`no matching mail within ${timeoutMs} ms; received: ${seen.join('; ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readStream(stream: SMTPServerDataStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Enough MIME for single-part text mail: headers, then a 7bit, quoted-printable or base64 body. */
export function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  if (!contentType.toLowerCase().startsWith('text/plain')) {
    throw new Error(`expected a single-part text/plain mail, got ${contentType}`);
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: decodeBody(body, encoding),
  };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const softBreaksRemoved = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (softBreaksRemoved[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(softBreaksRemoved[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_word, _charset, kind: string, data) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data as string, 'base64').toString('utf8')
        : decodeQuotedPrintable((data as string).replace(/_/g, ' ')),
  );
}
