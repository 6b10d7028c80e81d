/**
 * The alert channels' query keys. Under 'alerts', where they were before channels were a feature of their own:
 * whatever refreshes every alert query refreshes the channels too.
 */
export const alertChannelKeys = {
  all: ['alerts', 'channels'] as const,
};
