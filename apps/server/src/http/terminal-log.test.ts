import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isQuietPath } from './log-serializers.ts';
import { logRequestsOnOneLine, mailBlock } from './terminal-log.ts';

async function appLogging() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({
    logger: { stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  logRequestsOnOneLine(app);
  app.get('/api/decks', async () => ({ ok: true }));
  app.get('/api/broken', async () => {
    throw new Error('boom');
  });
  app.get('/assets/app.js', async () => 'js');
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.ready();
  return { app, lines };
}

describe('the terminal log', () => {
  it('writes one line per API request, with the query string hidden, and skips files and probes', async () => {
    const { app, lines } = await appLogging();
    await app.inject('/api/decks?token=secret-value');
    await app.inject('/assets/app.js');
    await app.inject('/healthz');
    const requests = lines.filter((line) => /^(GET|POST) /.test(line.msg));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.msg).toMatch(/^GET \/api\/decks\?\[query\] 200 \d+ ms$/);
    expect(JSON.stringify(lines)).not.toContain('secret-value');
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('logs a failed request at error level', async () => {
    const { app, lines } = await appLogging();
    await app.inject('/api/broken');
    const line = lines.find((entry) => entry.msg.startsWith('GET /api/broken'));
    expect(line).toMatchObject({ level: 50 });
    expect(line!.msg).toMatch(/ 500 \d+ ms$/);
  });

  it('frames a mail with its recipient, subject and every line of its text', () => {
    const block = mailBlock({
      to: 'ana@example.com',
      subject: 'Your Deck Portal account is approved',
      text: 'Hello Ana,\n\nSign in: http://localhost:3000/auth',
    });
    expect(block.split('\n')).toEqual([
      'mail (not sent: no SMTP_URL) to ana@example.com',
      `  ┌${'─'.repeat(60)}`,
      '  │ Subject: Your Deck Portal account is approved',
      '  │',
      '  │ Hello Ana,',
      '  │ ',
      '  │ Sign in: http://localhost:3000/auth',
      `  └${'─'.repeat(60)}`,
    ]);
  });

  it('leaves probes and the web app’s files out of the JSON request log', async () => {
    const lines: { msg: string; req?: { url: string } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { msg: string });
        done();
      },
    });
    const app = Fastify({
      logger: { stream },
      logController: new LogController({
        disableRequestLogging: (request) => isQuietPath(request.url ?? ''),
      }),
    });
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/assets/app.js', async () => 'js');
    app.get('/api/decks', async () => ({ ok: true }));
    await app.inject('/healthz');
    await app.inject('/readyz?probe=1');
    await app.inject('/assets/app.js');
    expect(lines).toEqual([]);
    await app.inject('/api/decks');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});
