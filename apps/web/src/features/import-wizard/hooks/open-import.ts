import type { FarmKind } from '@tidewatch/shared/farm-kinds';

/**
 * The id of the import a tab has open, per farm kind, so a reload resumes it (the server keeps its state).
 * sessionStorage: per tab, gone with the tab, like the login token. Storage errors (privacy modes) only
 * cost the resume.
 */
const storageKey = (kind: FarmKind) => `tidewatch.import-wizard.${kind}.import-id`;

export function readOpenImportId(kind: FarmKind): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(storageKey(kind)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function saveOpenImportId(kind: FarmKind, importId: number): void {
  try {
    window.sessionStorage.setItem(storageKey(kind), String(importId));
  } catch {
    // Without storage a reload starts over; the import itself is unaffected.
  }
}

export function clearOpenImportId(kind: FarmKind): void {
  try {
    window.sessionStorage.removeItem(storageKey(kind));
  } catch {
    // See saveOpenImportId.
  }
}
