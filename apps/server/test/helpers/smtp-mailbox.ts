import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  subject: string;
  /** The decoded text body (the plain-text part of a multipart mail). */
  text: string;
  /** The decoded HTML part, when the mail has one. */
  html?: string;
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

/**
 * Enough MIME for the portal's mails: headers, then a 7bit, quoted-printable or base64 body; a
 * multipart mail's text/plain part is its text and its text/html part its HTML.
 */
export function parseMessage(
  raw: string,
): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  const text = parts.find((part) => part.type === 'text/plain');
  if (!text) {
    throw new Error(`expected a text/plain part, got ${headers.get('content-type') ?? 'none'}`);
  }
  const html = parts.find((part) => part.type === 'text/html');
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: text.content,
    ...(html ? { html: html.content } : {}),
  };
}

function splitHeaders(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The single parts of a body, multipart ones opened; attachments are kept by type only. */
function leafParts(
  headers: Map<string, string>,
  body: string,
): { type: string; content: string }[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) throw new Error(`a multipart mail without a boundary: ${contentType}`);
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => {
        const inner = splitHeaders(part.replace(/^\r\n/, ''));
        return leafParts(inner.headers, inner.body.replace(/\r\n$/, ''));
      });
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return [{ type, content: decodeBody(body, encoding) }];
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
