import type { Locator, Page } from 'playwright-core';

/** The element that has focus, as a keyboard user meets it. */
export type FocusStop = {
  /** Its tag, role and accessible-ish name, e.g. `button "log in"`, for messages. */
  description: string;
  /** Outline or ring (a box-shadow with a spread of 2 px or more) drawn while focused. */
  indicator: string | null;
  /** Inside an open modal <dialog>. */
  isInModalDialog: boolean;
};

// A string, not a function: the page runs it as written, with no helpers a bundler would add.
const readFocusScript = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  const style = getComputedStyle(element);
  // Computed colours come as rgb(), rgba() or, for Tailwind's palette, oklch(); alpha 0 is invisible.
  const colorPattern = /(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\\([^)]*\\)/;
  const isVisibleColor = (color) =>
    color !== 'transparent' && !/^rgba\\(.*,\\s*0\\)$/.test(color) && !/\\/\\s*0(?:\\.0+)?\\)$/.test(color);
  let indicator = null;
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && isVisibleColor(style.outlineColor)) {
    indicator = 'outline ' + style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.outlineColor;
  } else if (style.boxShadow && style.boxShadow !== 'none') {
    // Each shadow is 'color x y blur spread [inset]'; a focus ring is a solid spread, not a soft drop shadow.
    const shadows = style.boxShadow.split(/,(?![^(]*\\))/);
    const ring = shadows.find((shadow) => {
      const color = (shadow.match(colorPattern) || ['transparent'])[0];
      const lengths = (shadow.replace(colorPattern, '').match(/-?[\\d.]+px/g) || []).map(parseFloat);
      return isVisibleColor(color) && lengths.length >= 4 && lengths[3] >= 2;
    });
    if (ring) indicator = 'ring ' + ring.trim();
  }
  const role = element.getAttribute('role') || element.tagName.toLowerCase();
  const label = element.getAttribute('aria-label') ||
    (element.labels && element.labels[0] && element.labels[0].textContent) ||
    element.textContent || element.getAttribute('name') || '';
  const type = element.getAttribute('type');
  return {
    description: role + (type ? '[' + type + ']' : '') + ' "' + label.trim().replace(/\\s+/g, ' ').slice(0, 60) + '"',
    indicator,
    isInModalDialog: Boolean(element.closest('dialog[open]')) && Boolean(element.closest('dialog:modal')),
  };
})()`;

export function readFocus(page: Page): Promise<FocusStop | null> {
  return page.evaluate(readFocusScript) as Promise<FocusStop | null>;
}

export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Fails unless focus is on an element that shows it: an outline or a focus ring. */
export async function expectVisibleFocus(page: Page): Promise<FocusStop> {
  const stop = await readFocus(page);
  if (!stop) throw new Error('nothing has focus (it fell back to the page itself)');
  if (!stop.indicator) throw new Error(`${stop.description} has focus but shows no outline or focus ring`);
  return stop;
}

export type TabOptions = {
  /** Shift+Tab instead of Tab. */
  isBackwards?: boolean;
  /** Give up after this many presses. */
  maxPresses?: number;
};

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that the focus is visible.
 * Returns the stops passed on the way, the target last, for assertions on the order.
 */
export async function tabTo(page: Page, target: Locator, options: TabOptions = {}): Promise<FocusStop[]> {
  const { isBackwards = false, maxPresses = 40 } = options;
  await target.waitFor();
  const stops: FocusStop[] = [];
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(isBackwards ? 'Shift+Tab' : 'Tab');
    const stop = await readFocus(page);
    if (stop) {
      stops.push(stop);
      if (!stop.indicator) {
        throw new Error(`${stop.description} has focus but shows no outline or focus ring`);
      }
    }
    if (await isFocused(target)) return stops;
  }
  const path = stops.map((stop) => stop.description).join(' → ');
  throw new Error(
    `${maxPresses} presses of ${isBackwards ? 'Shift+Tab' : 'Tab'} never reached ${target}: ${path}`,
  );
}

/** Tabs to `target` and presses Enter on it. */
export async function activateWithEnter(page: Page, target: Locator, options: TabOptions = {}) {
  const stops = await tabTo(page, target, options);
  await page.keyboard.press('Enter');
  return stops;
}

/** Tabs to a text field and types into it (what it held is selected first, and replaced). */
export async function typeInto(page: Page, field: Locator, text: string, options: TabOptions = {}) {
  const stops = await tabTo(page, field, options);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  return stops;
}
