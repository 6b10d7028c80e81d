import { describe, expect, it } from 'vitest';
import { composeAlertMail } from './alert-mail.ts';

// What an alert e-mail calls the thing its link opens: a farm for the V2 farms' rules, a position for the V3
// positions' rules (out of range, back in range, incentive ending), in the text, the HTML and a digest's subject.
const deps = { publicUrl: 'http://localhost:5173', secret: 'a-test-secret-of-enough-length-000000' };
const farmLink = `${deps.publicUrl}/quickswap/dual-mining/details/0x00000000000000000000000000000000000000f1`;
const positionLink = (id: number) => `${deps.publicUrl}/lp-tools/view/quickswap/v3-positions/${id}`;
const farmAlert = {
  rule: 'ending_soon' as const,
  title: 'WETH / WMATIC dual farm: rewards end in 40 hours',
  body: 'the wallet has stake in it',
  link: farmLink,
};
const outOfRange = {
  rule: 'out_of_range' as const,
  title: 'WMATIC / USDC #12: out of range',
  body: 'it earns no swap fees there',
  link: positionLink(12),
};
const backInRange = {
  ...outOfRange,
  rule: 'back_in_range' as const,
  title: 'WMATIC / USDC #13: back in range',
  link: positionLink(13),
};
const incentiveEnding = {
  ...outOfRange,
  rule: 'incentive_ending' as const,
  title: 'WMATIC / USDC #14: farming rewards end in 47 hours',
  link: positionLink(14),
};

const mailOf = (rows: Parameters<typeof composeAlertMail>[2]) =>
  composeAlertMail('a@example.com', 7, rows, deps);

describe('alert e-mails name a farm or a V3 position', () => {
  it("a V3 position's alert links 'position: …' and 'open the position in Tidewatch'", () => {
    for (const alert of [outOfRange, backInRange, incentiveEnding]) {
      const mail = mailOf([alert]);
      expect(mail.subject).toBe(`Tidewatch: ${alert.title}`);
      expect(mail.text.split('\n')).toContain(`position: ${alert.link}`);
      expect(mail.text).not.toMatch(/^farm: /m);
      expect(mail.html).toContain(`<a href="${alert.link}">open the position in Tidewatch</a>`);
      expect(mail.html).not.toContain('open the farm');
    }
  });

  it("a farm's alert keeps 'farm: …' and 'open the farm in Tidewatch'", () => {
    const mail = mailOf([farmAlert]);
    expect(mail.text.split('\n')).toContain(`farm: ${farmLink}`);
    expect(mail.html).toContain(`<a href="${farmLink}">open the farm in Tidewatch</a>`);
    expect(mail.html).not.toContain('open the position');
  });

  it("a digest's subject says positions, farms, or both, and each alert keeps its own word", () => {
    expect(mailOf([outOfRange, backInRange, incentiveEnding]).subject).toBe(
      'Tidewatch: 3 alerts on your positions',
    );
    expect(mailOf([farmAlert, { ...farmAlert, rule: 'paused' as const }]).subject).toBe(
      'Tidewatch: 2 alerts on your farms',
    );
    const both = mailOf([outOfRange, farmAlert]);
    expect(both.subject).toBe('Tidewatch: 2 alerts on your farms and positions');
    const lines = both.text.split('\n');
    expect(lines).toContain(`position: ${positionLink(12)}`);
    expect(lines).toContain(`farm: ${farmLink}`);
    expect(both.html).toContain(`<a href="${positionLink(12)}">open the position in Tidewatch</a>`);
    expect(both.html).toContain(`<a href="${farmLink}">open the farm in Tidewatch</a>`);
  });
});
