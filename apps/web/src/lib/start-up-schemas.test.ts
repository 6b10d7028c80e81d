import { afterEach, describe, expect, it, vi } from 'vitest';

describe('schemas loaded on first use', () => {
  afterEach(() => {
    vi.doUnmock('@tidewatch/shared/error-body');
    vi.resetModules();
  });

  it('asks for zod again after a failed fetch instead of failing every later load', async () => {
    let isOffline = true;
    vi.doMock('@tidewatch/shared/error-body', async (importOriginal) => {
      if (isOffline) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const { loadFarmSchemas } = await import('./start-up-schemas.ts');
    await expect(loadFarmSchemas()).rejects.toBeInstanceOf(Error);
    isOffline = false;
    const { farmKindSchema } = await loadFarmSchemas();
    expect(farmKindSchema.safeParse('dual').success).toBe(true);
  });
});
