import { describe, expect, it } from 'vitest';
import { createOperators } from '../src/core/auth/operators.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

/** The session user of a bearer token, as the API's preHandler sees it. */
async function sessionUser(testApp: TestApp, token: string) {
  const response = await testApp.request({ method: 'GET', url: '/api/internal/token/session', token });
  return response.json().session.user;
}

// Decision 033: who may make the instance's choices.
describe('operators', () => {
  it('is the first account when OPERATOR_EMAILS is unset', async () => {
    const testApp = await createTestApp();
    try {
      const first = await createConfirmedUser(testApp);
      const second = await createConfirmedUser(testApp);
      const operators = createOperators({ db: testApp.database.db, operatorEmails: [] });
      expect(await operators.isOperator(await sessionUser(testApp, first.token))).toBe(true);
      expect(await operators.isOperator(await sessionUser(testApp, second.token))).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it('is the listed, confirmed e-mails when OPERATOR_EMAILS is set, and the first account no more', async () => {
    const testApp = await createTestApp({ env: { OPERATOR_EMAILS: ' Ops@Example.com , other@example.com' } });
    try {
      expect(testApp.config.operatorEmails).toEqual(['ops@example.com', 'other@example.com']);
      const first = await createConfirmedUser(testApp);
      const ops = await createConfirmedUser(testApp, 'ops@example.com');
      const operators = createOperators({
        db: testApp.database.db,
        operatorEmails: testApp.config.operatorEmails,
      });
      expect(await operators.isOperator(await sessionUser(testApp, first.token))).toBe(false);
      const opsUser = await sessionUser(testApp, ops.token);
      expect(await operators.isOperator(opsUser)).toBe(true);
      // An address nobody has confirmed proves nothing: the same user with the confirmation taken away.
      await testApp.database.db
        .updateTable('users')
        .set({ email_confirmed_at: null })
        .where('id', '=', opsUser.id)
        .execute();
      expect(await operators.isOperator(opsUser)).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it('refuses a bad OPERATOR_EMAILS at start-up naming the variable', async () => {
    await expect(createTestApp({ env: { OPERATOR_EMAILS: 'not-an-address' } })).rejects.toThrow(
      /OPERATOR_EMAILS/,
    );
  });
});
