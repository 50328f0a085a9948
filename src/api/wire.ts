/**
 * Response schemas as the client reads them: schema.ts's shapes, loosened
 * exactly where the reference leaves the real service's shape unshown, with
 * the normalisers applied so callers always get one form. Output types stay
 * assignable to schema.ts's types (what `Client` promises).
 */
import { z } from 'zod';
import {
  CardDetail, CardListed, CreatedTag, EmailSequenceDetail, EmailSequenceEntry, Tag,
} from './schema.js';
import { normaliseAssignees, normaliseDueDate } from './normalise.js';

/** Color is "a string in responses"; a number is accepted and held as its decimal string. */
export const WireTag = Tag.extend({ Color: z.union([z.string(), z.number()]).transform(String) });
/** Description is documented as null; tolerate it absent or a string. */
export const WireCreatedTag = CreatedTag.extend({
  Color: WireTag.shape.Color,
  Description: z.string().nullish().transform(() => null),
});

const cardTolerance = {
  /** Null when unset; format when set unshown: string or number, normalised to ISO. */
  DueDate: z.unknown().optional().transform(normaliseDueDate),
  /** Shape when set unshown: always delivered as a list of emails (or names). */
  Assignees: z.unknown().optional().transform(normaliseAssignees),
  Tags: z.array(WireTag).optional(),
};
export const WireCard = CardListed.extend(cardTolerance);
export const WireCardDetail = CardDetail.extend(cardTolerance);

/** LastSent: null or a value whose form is unshown; kept as text. */
export const WireSequenceEntry = EmailSequenceEntry.extend({
  LastSent: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined ? null : String(v))),
});
/** The sequence id is documented as a string; a numeric id is accepted and held as text. */
export const WireSequenceDetail = EmailSequenceDetail.extend({ Id: z.union([z.string(), z.number()]).transform(String) });
