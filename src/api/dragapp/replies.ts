/** Saved replies on DragApp: its API has none, so each is refused at once, in words, nothing sent. */
import type { Endpoints } from '../operations.js';
import { seg } from '../wire.js';
import { notOffered } from './state.js';

const WORDS = "Saved replies are not offered by DragApp's API";
const refuse = (method: string, path: string, after = '') =>
  Promise.reject(notOffered('Saved replies', method, path, `${WORDS}${after}`));
const boardPath = (b: number) => `/v2/board/${seg(String(b))}/saved-replies`;

export const dragAppReplies: Endpoints<
  'listSavedReplies' | 'addSavedReply' | 'changeSavedReply' | 'removeSavedReply' | 'filledReplies'
> = {
  listSavedReplies: (_w, b) => refuse('GET', boardPath(b)),
  addSavedReply: (_w, b) => refuse('POST', boardPath(b), '; nothing was saved'),
  changeSavedReply: (_w, b, id) => refuse('PATCH', `${boardPath(b)}/${seg(id)}`, '; nothing was changed'),
  removeSavedReply: (_w, b, id) => refuse('DELETE', `${boardPath(b)}/${seg(id)}`, '; nothing was removed'),
  filledReplies: (_w, id) => refuse('GET', `/v2/card/${seg(id)}/saved-replies`, '; nothing was sent'),
};
