import { useSyncExternalStore } from 'react';

/** The spec's session storage key for the login token (spec section 9). */
export const sessionTokenKey = 'jwtToken';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored login token, or null for a visitor. */
export function getSessionToken(): string | null {
  try {
    return window.sessionStorage.getItem(sessionTokenKey);
  } catch {
    // Storage can be disabled (privacy modes); a visitor without storage is simply logged out.
    return null;
  }
}

export function setSessionToken(token: string): void {
  window.sessionStorage.setItem(sessionTokenKey, token);
  notify();
}

export function clearSessionToken(): void {
  window.sessionStorage.removeItem(sessionTokenKey);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab cannot change sessionStorage, but the storage event also fires for devtools edits.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Re-renders when the user logs in or out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getSessionToken, () => null);
}
