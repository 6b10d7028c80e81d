import { describe, expect, it } from 'vitest';
import { isLostWriteRace } from './write-conflicts.ts';

describe('isLostWriteRace', () => {
  it("knows the databases' own codes for a write another transaction won, and nothing else", () => {
    for (const code of [
      '23505',
      '40P01',
      '40001',
      'SQLITE_CONSTRAINT_UNIQUE',
      'SQLITE_CONSTRAINT_PRIMARYKEY',
    ]) {
      expect(isLostWriteRace(Object.assign(new Error('race'), { code }))).toBe(true);
    }
    for (const error of [
      new Error('no code'),
      { code: '23503' },
      { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' },
      null,
    ]) {
      expect(isLostWriteRace(error)).toBe(false);
    }
  });
});
