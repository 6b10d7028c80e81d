export { getFreePort } from '@tidewatch/testkit';
