import type { FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';
import { isQuietPath, loggedUrl } from './log-serializers.ts';

/**
 * The log as a person at a terminal reads it: one coloured line per event with the time, and one
 * line per API request (`GET /api/decks 200 12 ms`) instead of two JSON objects. JSON stays
 * the format of production and of anything reading the log (LOG_FORMAT=json).
 */
export function terminalLogStream() {
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    // Long values (an error's stack) stay readable on their own lines.
    singleLine: false,
  });
}

/** Logs each request once it is answered, on one line; Fastify's own two lines are off. */
export function logRequestsOnOneLine(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const url = loggedUrl(request.url);
    if (isQuietPath(url) || (!url.startsWith('/api/') && !url.startsWith('/v/'))) return;
    const line = `${request.method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}

/** A mail the outbox holds, framed so it stands out among the log lines. */
export function mailBlock(mail: { to: string; subject: string; text: string }): string {
  const rule = '─'.repeat(60);
  const body = mail.text
    .split('\n')
    .map((line) => `  │ ${line}`)
    .join('\n');
  return [
    `mail (not sent: no SMTP_URL) to ${mail.to}`,
    `  ┌${rule}`,
    `  │ Subject: ${mail.subject}`,
    '  │',
    body,
    `  └${rule}`,
  ].join('\n');
}
