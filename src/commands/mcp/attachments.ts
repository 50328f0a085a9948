/** Tools on the files that came with a card's email: read_attachment. */
import { z } from 'zod';
import { attachmentText, attachmentsOf, isTextAttachment, notServed } from '../../api/thread-attachments.js';
import { cardId } from './inputs.js';
import { exactCardId, ToolError } from './lookup.js';
import { tool, type Tool } from './tool.js';

/** The most text handed back: a log of megabytes would flood the assistant's context. */
export const ATTACHMENT_TEXT_CHARS = 100_000;

export const ATTACHMENT_TOOLS: readonly Tool[] = [
  tool({
    name: 'read_attachment',
    title: 'Read a file that came with a card’s email',
    group: 'Email',
    description:
      'One attachment of the email behind a card, named by the attachmentId get_thread gives: a text file (text/*, .log, .csv and the like) comes back as its text (the first 100,000 characters; truncated says when there was more); any other file is described by its type and size, with the url where the service serves its bytes.',
    input: {
      cardId,
      attachmentId: z.string().min(1).max(100).describe('The attachment, by the attachmentId get_thread gives for it.'),
    },
    output: {
      name: z.string(),
      contentType: z.string(),
      size: z.number().describe('Bytes'),
      url: z.string().nullable().describe("The service's route serving its bytes (below its base URL)"),
      text: z.string().nullable().describe('Its text, when it is a text file; null otherwise'),
      truncated: z.boolean(),
      note: z.string(),
    },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const all = attachmentsOf(await client.listMessages(id));
      const found = all.find((t) => t.attachment.Id === a.attachmentId)?.attachment;
      if (found === undefined) {
        throw new ToolError(
          all.length === 0
            ? `Card ${id} has no attachments`
            : `Card ${id} has no attachment ${a.attachmentId}: get_thread gives each one's attachmentId`,
        );
      }
      const about = { name: found.Name, contentType: found.ContentType, size: found.Size, url: found.Url ?? null };
      if (!isTextAttachment(found)) {
        return {
          ...about,
          text: null,
          truncated: false,
          note: `${found.Name} is ${found.ContentType || 'of no declared type'}, ${found.Size} bytes: not text, so its contents are not given here${found.Url === undefined ? '' : `; its bytes are at ${found.Url}`}`,
        };
      }
      const why = notServed(found, client.offers('attachments') === false);
      if (why !== undefined) throw new ToolError(why);
      const whole = attachmentText((await client.getAttachment(a.attachmentId)).Bytes);
      const truncated = whole.length > ATTACHMENT_TEXT_CHARS;
      return {
        ...about,
        text: truncated ? whole.slice(0, ATTACHMENT_TEXT_CHARS) : whole,
        truncated,
        note: truncated
          ? `The first ${ATTACHMENT_TEXT_CHARS} of ${whole.length} characters`
          : `The whole text, ${whole.length} characters`,
      };
    },
  }),
];
