export * from './decimal.ts';
export * from './farm-snapshot.ts';
export * from './snapshot-math.ts';
