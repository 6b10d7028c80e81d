/**
 * `npm run bench:auth [-- --samples 40]`: answer times of the account forms' branches side by side, so a
 * difference that tells whether an address has an account shows (issue 31). Each pair is sampled
 * alternately through the app's HTTP layer (inject) on a fresh SQLite database, after one warm-up each.
 * Last line: `bench:auth reset_known_ms=N reset_unknown_ms=N login_wrong_ms=N login_unknown_ms=N
 * signup_new_ms=N signup_taken_ms=N` (medians).
 */
import { parseArgs } from 'node:util';
import { createConfirmedUser, createTestApp } from '../test/helpers.ts';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '40' } } });
const samples = Number(values.samples);

const open = { limit: 1_000_000, windowMs: 60_000 };
const app = await createTestApp({
  deps: {
    throttles: {
      loginPerAccountClient: open,
      loginPerIp: open,
      passwordResetPerEmail: open,
      passwordResetPerIp: open,
      signUpPerEmail: open,
      signUpPerIp: open,
    },
  },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(url: string, payload: object): Promise<number> {
  const started = performance.now();
  const response = await app.request({ method: 'POST', url, payload });
  const elapsed = performance.now() - started;
  if (response.statusCode >= 500) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return elapsed;
}

/** Medians of two branches, sampled alternately so a busy moment weighs on both alike. */
async function compare(
  first: () => Promise<number>,
  second: () => Promise<number>,
): Promise<[number, number]> {
  await first();
  await second();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    a.push(await first());
    b.push(await second());
  }
  return [median(a), median(b)];
}

try {
  const { email, password } = await createConfirmedUser(app);
  let n = 0;
  const [resetKnown, resetUnknown] = await compare(
    () => timed('/api/internal/password-reset', { email }),
    () => timed('/api/internal/password-reset', { email: `nobody-${n++}@example.com` }),
  );
  const [loginWrong, loginUnknown] = await compare(
    () => timed('/api/internal/auth', { email, password: 'not the password' }),
    () => timed('/api/internal/auth', { email: 'ghost@example.com', password: 'not the password' }),
  );
  const [signupNew, signupTaken] = await compare(
    () => timed('/api/internal/signup', { email: `new-${n++}@example.com`, password }),
    () => timed('/api/internal/signup', { email, password }),
  );
  const ms = (value: number) => value.toFixed(1);
  console.log(`samples per branch: ${samples} (medians, ms)`);
  console.log(
    `bench:auth reset_known_ms=${ms(resetKnown)} reset_unknown_ms=${ms(resetUnknown)} ` +
      `login_wrong_ms=${ms(loginWrong)} login_unknown_ms=${ms(loginUnknown)} ` +
      `signup_new_ms=${ms(signupNew)} signup_taken_ms=${ms(signupTaken)}`,
  );
} finally {
  await app.close();
}
