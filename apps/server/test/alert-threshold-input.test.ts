import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// Issue 30, finding 5: "12,5" typed as a threshold was saved as 125. The API takes a threshold only as a
// JSON number: text in any notation ("12,5", "12.5", "1e1") is refused with the field named, and nothing
// is written.
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ token } = await createConfirmedUser(testApp));
});
afterAll(() => testApp?.close());

const putThreshold = (threshold: unknown) =>
  testApp.request({
    method: 'PUT',
    url: '/api/alerts/settings',
    token,
    payload: { email_enabled: true, rules: [{ rule: 'value_moved', is_enabled: true, threshold }] },
  });

const savedThreshold = async () => {
  const settings = (await testApp.request({ method: 'GET', url: '/api/alerts/settings', token })).json();
  return settings.rules.find((r: { rule: string; wallet_address: string | null }) => r.rule === 'value_moved')
    ?.threshold;
};

describe('alert threshold: a plain decimal number or a 400 naming the field', () => {
  it('saves 12.5 as 12.5', async () => {
    expect((await putThreshold(12.5)).statusCode).toBe(200);
    expect(await savedThreshold()).toBe(12.5);
  });

  it.each(['12,5', '12.5', '1e1', ' 12', ''])(
    'refuses the text %j, naming the field, and keeps 12.5',
    async (text) => {
      const response = await putThreshold(text);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      const detail = body.details.find((d: { field: string }) => d.field === 'body.rules.0.threshold');
      expect(detail?.message).toMatch(/number/i);
      expect(body.message).toBe('Please check the form: the threshold must be a number.');
      expect(await savedThreshold()).toBe(12.5);
    },
  );

  it('says an out-of-range threshold in a sentence, naming the field', async () => {
    const response = await putThreshold(5_000);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please check the form: the threshold must be between 1 and 1000.');
  });
});

describe('every 400 in plain words (issue 30, polish)', () => {
  it('a short password: the schema own sentence, no field path', async () => {
    const response = await testApp.request({
      method: 'POST',
      url: '/api/internal/signup',
      payload: { email: 'short@example.com', password: 'short7!' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Please check the form: the password must have at least 8 characters.',
    );
    expect(response.json().details[0].field).toBe('body.password');
  });

  it('a missing field and an unknown one are said as such', async () => {
    const response = await testApp.request({
      method: 'POST',
      url: '/api/internal/signup',
      payload: { password: 'a long enough password', nickname: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Please check the form: the email is required; the nickname is not a field this request takes.',
    );
  });
});
