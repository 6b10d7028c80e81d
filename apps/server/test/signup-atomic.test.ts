import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

describe('sign-up is all-or-nothing', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('leaves no account behind when its confirmation token cannot be stored', async () => {
    // Break the second write of the sign-up: the user row must not survive without its link.
    await t.database.db.schema.dropTable('email_tokens').execute();
    const response = await t.request({
      method: 'POST',
      url: '/api/internal/signup',
      payload: { email: 'half@example.com', password: 'a sturdy passphrase 42' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL' });
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'half@example.com')
      .execute();
    expect(users).toEqual([]);
    expect(t.outbox).toEqual([]);
  });
});
