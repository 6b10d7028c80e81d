import { describe, expect, it } from 'vitest';
import { renderScreen, renderShell } from './prerender.tsx';

/** The drawn page as a document, to query it the way a visitor's browser shows it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(`<main id="page">${html}</main>`, 'text/html');
}

describe('pages drawn at build time (what a path shows before the app has run)', () => {
  it("draws a logged-in screen's page as the header over a loading line, never a blank page", async () => {
    const page = parse(await renderShell('/dashboard'));
    expect(page.querySelector('header')?.textContent).toContain('Tidewatch');
    expect(page.querySelector('main main')?.textContent).toBe('loading page…');
  });

  it("draws a farm's page with the farm screen's own loading line (spec screen 6)", async () => {
    const page = parse(await renderShell('/quickswap/dual-mining/details/0xabc'));
    expect(page.querySelector('main main h1')?.textContent).toBe('farm details');
    expect(page.querySelector('main main [role="status"]')?.textContent).toBe('loading farm...');
    expect(page.body.textContent).not.toContain('loading page');
  });

  it('draws a screen every visitor sees alike in full, with no loading line', async () => {
    const page = parse(await renderScreen('/'));
    expect(page.querySelector('h1')?.textContent).toBe('navigate the storms of crypto');
    expect(page.body.textContent).not.toContain('loading page');
  });
});
