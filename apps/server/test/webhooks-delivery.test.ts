import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType, WebhookDeliveryView, WebhookEndpointView } from '@deck-portal/domain';
import {
  jobs,
  notifications,
  outboxMails,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema.ts';
import { webhooksFanOutJob } from '../src/events/event-consumers.ts';
import { recordEvent } from '../src/events/record-event.ts';
import type { Job } from '../src/jobs/define-job.ts';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { deliveriesKeptMs, sweepExpiredJob } from '../src/server-jobs.ts';
import {
  webhookFailuresBeforeDisabling,
  webhookMaxAttempts,
  webhookRetryDelaysMs,
} from '../src/webhooks/deliver-webhook.ts';
import { createAdmin } from './helpers/accounts.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// Webhooks delivered to a real HTTP receiver started here (issue 51): signed as Standard
// Webhooks says, retried after a failure at the schedule's times, the endpoint turned off after
// repeated failure and its creator told; redeliver and test events. WEBHOOKS_ALLOW_PRIVATE lets
// the messages go to 127.0.0.1.

type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/** A receiver that records each request and answers the statuses queued, else 200. */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const receiver = {
    received,
    /** Answers this status to every request until `answerAlways(undefined)`. */
    always: undefined as number | undefined,
    answers,
    url: '',
    server: undefined as Server | undefined,
  };
  receiver.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      });
      const status = answers.shift() ?? receiver.always ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 400 ? 'receiver is down' : 'ok');
    });
  });
  return receiver;
}

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
// The real time: a receiver checks the signature's timestamp against its own clock.
const clock = createTestClock(new Date());
const receiver = startReceiver();

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}`;
  t = await createTestApp({
    clock,
    env: { JOB_WORKERS: '2', WEBHOOKS_ALLOW_PRIVATE: 'true' },
  });
  admin = await createAdmin(t.app);
}, 120_000);

afterAll(async () => {
  await t.app.close();
  await new Promise((resolve) => receiver.server!.close(resolve));
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: {
      cookie: admin.cookie,
      ...(method === 'GET' ? {} : { origin: 'http://portal.test' }),
    },
    ...(payload ? { payload } : {}),
  });

async function until<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 1000; i += 1) {
    const value = await read();
    if (holds(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

async function addEndpoint(path: string, eventTypes: EventType[] = ['visit.ended']) {
  const res = await call('POST', '/api/admin/webhooks', {
    url: `${receiver.url}${path}`,
    description: `Receiver ${path}`,
    eventTypes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookEndpointView;
}

const removeEndpoint = (id: string) => call('DELETE', `/api/admin/webhooks/${id}`);

const record = (type: EventType, data: Record<string, unknown>) =>
  t.app.services.db.transaction((tx) => recordEvent(tx, clock, { type, data }));

const deliveriesOf = async (endpointId: string) =>
  (await call('GET', `/api/admin/webhooks/${endpointId}/deliveries`)).json()
    .deliveries as WebhookDeliveryView[];

const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);

const visitData = {
  deck: { id: 'd1', title: 'Cold Chain Upgrade', clientName: 'Northwind', ownerId: 'u1' },
  totalSeconds: 95.5,
  slides: [{ slide: 1, title: 'Welcome', seconds: 95.5 }],
  products: [{ productId: 'general', name: 'General', seconds: 95.5 }],
};

describe('delivery', () => {
  it('POSTs each event an endpoint wants, signed with its secret, and logs it delivered', async () => {
    const endpoint = await addEndpoint('/signed');
    const event = await record('visit.ended', visitData);
    await record('link.created', { note: 'not wanted by this endpoint' });

    const [message] = await until(
      async () => receivedAt('/signed'),
      (got) => got.length === 1,
    );
    const headers = {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).toBe(event.publicId);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(message!.headers['content-type']).toBe('application/json');
    // Verified as a receiver would, with the secret the admin copied.
    const verified = new Webhook(endpoint.secret).verify(message!.body, headers);
    expect(verified).toEqual({
      type: 'visit.ended',
      timestamp: event.occurredAt.toISOString(),
      data: visitData,
    });
    // Any other secret refuses it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(message!.body, headers),
    ).toThrow();

    const [logged] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(logged).toMatchObject({
      eventType: 'visit.ended',
      messageId: event.publicId,
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    // The event's job run again (a worker died after its work): nothing more is sent.
    const again = await enqueueJob(t.app.services.db, clock, webhooksFanOutJob, {
      eventId: event.id,
    });
    await until(
      async () =>
        (await t.app.services.db.select().from(jobs).where(eq(jobs.id, again!.id)))[0]!.state,
      (state) => state === 'completed',
    );
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    expect(receivedAt('/signed')).toHaveLength(1);
    await removeEndpoint(endpoint.id);
  });

  it('retries after a 500 at the schedule’s time, with the same id and body, and succeeds', async () => {
    const endpoint = await addEndpoint('/flaky');
    receiver.answers.push(500);
    const event = await record('visit.ended', visitData);

    const [failed] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(failed).toMatchObject({
      status: 'pending',
      lastStatusCode: 500,
      lastError: 'The receiver answered 500: receiver is down',
    });
    expect(Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.lastAttemptAt!)).toBe(
      webhookRetryDelaysMs[0],
    );
    // Not before its time.
    t.app.jobs!.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receivedAt('/flaky')).toHaveLength(1);

    clock.advance(webhookRetryDelaysMs[0]);
    t.app.jobs!.wake();
    const [delivered] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null });
    const [first, second] = receivedAt('/flaky');
    expect(second!.headers['webhook-id']).toBe(event.publicId);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    await removeEndpoint(endpoint.id);
  });

  it('turns an endpoint off after deliveries fail again and again, and tells who added it', async () => {
    const endpoint = await addEndpoint('/down');
    receiver.always = 503;
    try {
      const count = webhookFailuresBeforeDisabling;
      for (let i = 0; i < count; i += 1) await record('visit.ended', { ...visitData, i });
      for (let attempt = 1; attempt <= webhookMaxAttempts; attempt += 1) {
        await until(
          () => deliveriesOf(endpoint.id),
          (rows) => rows.length === count && rows.every((row) => row.attempts === attempt),
        );
        if (attempt < webhookMaxAttempts) {
          clock.advance(webhookRetryDelaysMs[attempt - 1]!);
          t.app.jobs!.wake();
        }
      }
      const rows = await until(
        () => deliveriesOf(endpoint.id),
        (all) => all.every((row) => row.status === 'failed'),
      );
      expect(rows.map((row) => row.lastStatusCode)).toEqual(Array(count).fill(503));
      expect(receivedAt('/down')).toHaveLength(count * webhookMaxAttempts);

      const [off] = await t.app.services.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpoint.id));
      expect(off).toMatchObject({
        failuresInRow: count,
        disabledReason: `Turned off after ${count} deliveries in a row failed (the receiver answered 503).`,
      });
      expect(off!.disabledAt).not.toBeNull();

      const told = await t.app.services.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientUserId, admin.user.id));
      expect(told.map((n) => n.message)).toContain(
        `The webhook to ${endpoint.url} was turned off: its last ${count} deliveries failed (the receiver answered 503), each after a day of retries. Check the receiver, then turn it on again.`,
      );
      expect(told.find((n) => n.message.startsWith('The webhook'))?.linkPath).toBe(
        '/admin/webhooks',
      );
      const mails = await t.app.services.db
        .select()
        .from(outboxMails)
        .where(
          and(
            eq(outboxMails.to, admin.account.email),
            eq(outboxMails.subject, 'A webhook was turned off: its deliveries kept failing'),
          ),
        );
      expect(mails).toHaveLength(1);

      // Turned off, it is sent no more events.
      const before = receiver.received.length;
      await record('visit.ended', visitData);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received.length).toBe(before);
      expect(await deliveriesOf(endpoint.id)).toHaveLength(count);
    } finally {
      receiver.always = undefined;
      await removeEndpoint(endpoint.id);
    }
  });

  it('sends a test event and redelivers a message: one attempt each, the same id and body', async () => {
    // Back to the real time (the test before moved a day on): the receiver checks the timestamp.
    clock.set(new Date());
    const endpoint = await addEndpoint('/manual');
    const test = await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    const [logged] = await until(
      () => deliveriesOf(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    const [message] = receivedAt('/manual');
    const headers = {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    };
    expect(new Webhook(endpoint.secret).verify(message!.body, headers)).toMatchObject({
      type: 'webhook.test',
      data: { webhook: { id: endpoint.id, description: 'Receiver /manual' } },
    });

    // Resent while it is still being attempted: refused.
    receiver.answers.push(500);
    await record('visit.ended', visitData);
    const pending = await until(
      () => deliveriesOf(endpoint.id),
      (rows) =>
        rows.length === 2 && rows.some((row) => row.attempts === 1 && row.status === 'pending'),
    );
    const retrying = pending.find((row) => row.eventType === 'visit.ended')!;
    const early = await call(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${retrying.id}/redeliver`,
    );
    expect(early.statusCode).toBe(409);

    const again = await call(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${logged!.id}/redeliver`,
    );
    expect(again.statusCode, again.body).toBe(202);
    const resent = await until(
      async () =>
        receivedAt('/manual').filter((r) => r.headers['webhook-id'] === logged!.messageId),
      (got) => got.length === 2,
    );
    expect(resent[1]!.body).toBe(resent[0]!.body);
    // Recorded once the receiver has answered.
    const [row] = await until(
      () =>
        t.app.services.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, logged!.id)),
      ([found]) => found?.attempts === 2,
    );
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 });

    const unknown = await call(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
    );
    expect(unknown.statusCode).toBe(404);
    await removeEndpoint(endpoint.id);
  });

  it('keeps a month of the delivery log: older messages go with the hourly sweep, pending ones stay', async () => {
    const endpoint = await addEndpoint('/kept');
    receiver.answers.push(500);
    await record('visit.ended', visitData);
    await record('visit.ended', visitData);
    const rows = await until(
      () => deliveriesOf(endpoint.id),
      (found) =>
        found.length === 2 &&
        found.some((row) => row.status === 'succeeded') &&
        found.some((row) => row.status === 'pending' && row.attempts === 1),
    );
    await t.app.services.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(clock.now().getTime() - deliveriesKeptMs - 60_000) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const context = {
      progress: () => undefined,
      progressWritten: async () => undefined,
      complete: async () => undefined,
      signal: new AbortController().signal,
    };
    await sweepExpiredJob.handler(t.app.services).run({ payload: {} } as Job<unknown>, context);
    const left = await deliveriesOf(endpoint.id);
    expect(left.map((row) => row.id)).toEqual(
      rows.filter((row) => row.status === 'pending').map((row) => row.id),
    );
    await removeEndpoint(endpoint.id);
  });
});
