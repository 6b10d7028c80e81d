/** The spec's CSRF cookie and header names (spec section 9). */
const csrfCookieName = 'csrftoken';
export const csrfHeaderName = 'x-csrftoken';

/** Reads one cookie by name from `document.cookie`; undefined when absent. */
function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

export function readCsrfToken(): string | undefined {
  return readCookie(csrfCookieName);
}
