/** What other features use of the alert channels beside their API module: a channel's name as screens say it. */
export { channelKindLabels, channelName } from './names.ts';
