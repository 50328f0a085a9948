/**
 * The tools of `inboard mcp`, in the order they are listed. A new tool is a
 * `tool({...})` entry in one of these lists; server.ts, --read-only and the
 * README's table all read this table.
 */
import { ATTACHMENT_TOOLS } from './attachments.js';
import { BOARD_TOOLS } from './boards.js';
import { CARD_TOOLS } from './cards.js';
import { PART_TOOLS } from './card-parts.js';
import { UPDATE_TOOLS } from './card-update.js';
import { SEARCH_TOOLS } from './search.js';
import { SEND_TOOLS } from './send.js';
import { SNOOZE_TOOLS } from './snooze.js';
import { CUSTOMER_TOOLS } from './customers.js';
import { REPLY_TOOLS } from './replies.js';
import { TAG_TOOLS } from './tags.js';
import { THREAD_TOOLS } from './threads.js';
import type { Tool } from './tool.js';

export const TOOLS: readonly Tool[] = [
  ...BOARD_TOOLS,
  ...CARD_TOOLS,
  ...UPDATE_TOOLS,
  ...PART_TOOLS,
  ...TAG_TOOLS,
  ...THREAD_TOOLS,
  ...REPLY_TOOLS,
  ...ATTACHMENT_TOOLS,
  ...SEND_TOOLS,
  ...SEARCH_TOOLS,
  ...SNOOZE_TOOLS,
  ...CUSTOMER_TOOLS,
];

/** The tools offered: all, or only those that read (`--read-only`). */
export const toolsFor = (readOnly: boolean): readonly Tool[] =>
  readOnly ? TOOLS.filter((t) => t.effect === 'read') : TOOLS;
