/** The alerts feature's query keys. */
export const alertKeys = {
  all: ['alerts'] as const,
  notifications: () => [...alertKeys.all, 'notifications'] as const,
  settings: () => [...alertKeys.all, 'settings'] as const,
};
