/**
 * Reading what a change answers, shared by the endpoints: servers answer a
 * change with the envelope's data, a bare object, or words, so each reader
 * takes what is there and falls back on what the request already said.
 */
import { Fields, isRecord, readCardId, type CardId } from '../tolerant.js';

/** The card id a change's answer names under one of `names`, else the one asked about. */
export const idOr = (answer: unknown, names: string[], fallback: CardId): CardId =>
  (isRecord(answer) ? readCardId(new Fields(answer).get(...names)) : undefined) ?? fallback;

/**
 * A change's answer as the words the caller passes on: text (or a number)
 * as it came, an object's `Success`, else nothing; never "[object Object]".
 */
export const answerText = (answer: unknown): string => {
  if (typeof answer === 'string') return answer;
  if (typeof answer === 'number' || typeof answer === 'boolean') return String(answer);
  const success = isRecord(answer) ? new Fields(answer).get('Success') : undefined;
  return typeof success === 'string' ? success : '';
};

/** `Success` of an answer object, or the answer itself when it came as text. */
export const successOf = (f: Fields | undefined, answer: unknown): string => {
  const success = f?.get('Success');
  return typeof success === 'string' ? success : typeof answer === 'string' ? answer : '';
};
