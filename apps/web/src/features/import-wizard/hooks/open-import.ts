import type { WizardVariant } from '@tidewatch/shared';

/**
 * The id of the import a tab has open, per variant, so a reload resumes it (the server keeps its state).
 * sessionStorage: per tab, gone with the tab, like the login token. Storage errors (privacy modes) only
 * cost the resume.
 */
const storageKey = (variant: WizardVariant) => `tidewatch.import-wizard.${variant}.import-id`;

export function readOpenImportId(variant: WizardVariant): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(storageKey(variant)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function saveOpenImportId(variant: WizardVariant, importId: number): void {
  try {
    window.sessionStorage.setItem(storageKey(variant), String(importId));
  } catch {
    // Without storage a reload starts over; the import itself is unaffected.
  }
}

export function clearOpenImportId(variant: WizardVariant): void {
  try {
    window.sessionStorage.removeItem(storageKey(variant));
  } catch {
    // See saveOpenImportId.
  }
}
