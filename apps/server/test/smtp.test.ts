import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from './helper.js';

describe('e-mail through a real SMTP server', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: { to: string; data: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp('sqlite', {
      config: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Pipwise <no-reply@pipwise.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the registration code, in the caller language, and records it as sent', async () => {
    const res = await client(t.app).post(
      '/api/notify/send_email',
      { to: 'smtp@example.com', type: 1 },
      { lang: 'de' },
    );
    expect(res.code).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('smtp@example.com');
    const code = /\b(\d{6})\b/.exec(received[0]!.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.services.core.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'smtp@example.com')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.body).toContain(code);
  });
});
