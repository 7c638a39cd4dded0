import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from './helper.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

describe('e-mail through a real SMTP server', () => {
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp('sqlite', {
      config: { SMTP_URL: smtp.url, SMTP_FROM: 'Pipwise <no-reply@pipwise.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the registration code, in the caller language, and records it as sent', async () => {
    const res = await client(t.app).post(
      '/api/notify/send_email',
      { to: 'smtp@example.com', type: 1 },
      { lang: 'de' },
    );
    expect(res.code).toBe(1);
    const { received } = smtp;
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
