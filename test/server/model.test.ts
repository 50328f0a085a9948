/**
 * Model-based: random sequences of board, column, card, move, archive,
 * restore, tag, comment, due-date, read-state and sub-task commands against
 * the real service, each followed by a comparison with an in-memory model
 * (card order, due dates and read state per column via the list endpoint,
 * each board's archived list and its order, archive/column/tags/comments/
 * due/read/sub-tasks of touched cards via the detail endpoint), and a
 * comparison of every card at the end of each run. Mail delivered to a board
 * and answers joining their cards are commands too (model-mail.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';
import {
  addComment,
  addSubTask,
  addTag,
  archiveCard,
  changeComment,
  compare,
  createBoard,
  createCard,
  createColumn,
  createTag,
  deleteTag,
  emptyModel,
  moveCard,
  restoreCard,
  setDueDate,
  setReadStatus,
  setTags,
  stats,
  tickSubTask,
  type Real,
} from './model-commands.js';
import { mailAnswer, mailNew } from './model-mail.js';

const RUNS = Number(process.env.MODEL_RUNS ?? 40);

let s: TestService;
beforeAll(async () => {
  s = await startTestService({ demo: false });
});
afterAll(() => s.close());

const idx = fc.nat({ max: 20 });
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((t) => `t ${t}`);

const commands = [
  fc.constantFrom('Alpha', 'Beta ✉️', '漢字').map(createBoard),
  idx.map(createColumn),
  fc.tuple(idx, idx, text, fc.boolean()).map(([b, c, t, withComment]) => createCard(b, c, t, withComment)),
  fc.tuple(idx, idx, idx, fc.nat({ max: 6 }), fc.boolean()).map(([k, b, c, p, other]) => moveCard(k, b, c, p, other)),
  fc.tuple(idx, idx, idx, fc.nat({ max: 6 })).map(([k, b, c, p]) => moveCard(k, b, c, p, false)),
  idx.map(archiveCard),
  fc.tuple(idx, fc.nat({ max: 11 })).map(([b, color]) => createTag(b, color)),
  fc.tuple(idx, idx).map(([k, t]) => addTag(k, t)),
  fc.tuple(idx, fc.array(idx, { maxLength: 4 })).map(([k, ts]) => setTags(k, ts)),
  idx.map(deleteTag),
  fc.tuple(idx, text).map(([k, body]) => addComment(k, body)),
  fc.tuple(idx, text).map(([i, body]) => changeComment(i, body)),
  idx.map((i) => changeComment(i, null)),
  fc
    .tuple(idx, fc.constantFrom('back', 'same', 'any'), idx, idx, fc.option(fc.nat({ max: 6 })))
    .map(([k, where, b, c, p]) => restoreCard(k, where, b, c, p)),
  fc.tuple(idx, idx).map(([k, d]) => setDueDate(k, d)),
  fc.tuple(idx, fc.boolean()).map(([k, read]) => setReadStatus(k, read)),
  fc.tuple(idx, text).map(([k, body]) => addSubTask(k, body)),
  fc.tuple(idx, fc.boolean(), fc.boolean(), idx).map(([i, done, viaOther, k]) => tickSubTask(i, done, viaOther, k)),
  idx.map(mailNew),
  fc.tuple(idx, fc.boolean()).map(([k, again]) => mailAnswer(k, again)),
];

describe('model-based', () => {
  // A fixed amount of work (RUNS sequences, the seed's): the limit is for a hang,
  // and PostgreSQL on a busy 2-core machine took more than 120 s.
  it('the service agrees with the model after every command', { timeout: 400_000 }, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), async (cmds) => {
        const model = emptyModel();
        const real: Real = { s, touched: [] };
        // Every run starts from a fresh board with two columns of its own.
        await createBoard('Start').run(model, real);
        await createColumn(0).run(model, real);
        await createColumn(0).run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await compare(model, real, model.cards);
        runs++;
      }),
      { numRuns: RUNS },
    );
    console.log(`model: ${runs} runs, ${stats.executed} commands checked`);
  });
});
