import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The axe impacts that fail a journey; 'minor' and 'moderate' findings are left to review. */
const failingImpacts = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now (or on the part `within` selects, such as an open dialog) and
 * describes every serious or critical violation: the rule, what it asks for, and the elements by selector.
 */
export async function findAccessibilityViolations(page: Page, within?: string): Promise<string[]> {
  // Colours are read once they have settled: a button React reuses for the next step changes its classes,
  // and its 150 ms colour transition would otherwise be measured half-way (a contrast it never rests at).
  // Only transitions: a spinner's animation never finishes; one cancelled on the way (its element
  // changed again or left) rejects, and is settled too. A string, not a function, as below.
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null)))',
  );
  // axe-core is put into the page once per document, not before every run: its 1.5 MB took most of a check's
  // time (decision 034). The app has no frames, so the page itself is all there is to check.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const context = within ? JSON.stringify({ include: [[within]] }) : 'document';
  // Only the violations are read: axe then builds one example node of each other result, not every node that
  // passed (its documented way to run quicker).
  const { violations } = await page.evaluate<axe.AxeResults>(
    `window.axe.run(${context}, { resultTypes: ['violations'] })`,
  );
  return violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => {
        // The summary's first line says 'Fix any/all of the following:'; two reasons are enough to read.
        const why = node.failureSummary
          ?.split('\n')
          .filter((line) => line.startsWith(' '))
          .slice(0, 2)
          .map((line) => line.trim())
          .join('; ');
        return `    ${node.target.join(' ')}${why ? ` (${why})` : ''}`;
      });
      const more = targets.length > 6 ? `\n    and ${targets.length - 6} more` : '';
      return `${violation.id} [${violation.impact}]: ${violation.help}\n${targets.slice(0, 6).join('\n')}${more}`;
    });
}

/**
 * Describes horizontal scrolling at the page's width: how wide the document is, and the outermost elements
 * that reach past the right edge (their descendants are left out).
 */
export async function findHorizontalOverflow(page: Page): Promise<string | null> {
  // A string, not a function: the page runs it as written, with no helpers a bundler would add.
  return page.evaluate(`(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const describe = (element) => {
      const id = element.id ? '#' + element.id : '';
      const classes = typeof element.className === 'string' && element.className
        ? '.' + element.className.trim().split(/\\s+/).slice(0, 4).join('.')
        : '';
      const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      return element.tagName.toLowerCase() + id + classes + ' (right edge ' + right + ' px' +
        (text ? ', "' + text + '"' : '') + ')';
    };
    const wide = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const outermost = wide.filter((element) => !wide.includes(element.parentElement));
    return 'the page is ' + scrollWidth + ' px wide at a ' + width + ' px viewport; past the edge:\\n' +
      outermost.slice(0, 8).map((element) => '    ' + describe(element)).join('\\n');
  })()`);
}
