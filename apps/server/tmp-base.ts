import { startBaseWorld } from '../../packages/testkit/src/world/base-world.ts';

const t0 = Date.now();
const { world, stop } = await startBaseWorld();
console.log(
  Date.now() - t0,
  'ms',
  JSON.stringify(world, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 1).slice(0, 3000),
);
await stop();
