/**
 * `{{name}}` variables in text a team writes once and sends often: a
 * signature (`{{agent.name}}`) or a saved reply (`{{customer.first_name}}`). One reading for the
 * service, which fills them when it sends, and the client, which shows
 * them filled before sending; an unknown name is refused when the text is
 * saved, in words that name the nearest known one.
 */

/** The variables a signature may use. */
export const SIGNATURE_VARIABLES = ['agent.name', 'agent.first_name', 'agent.email', 'board.name'] as const;

/** The variables a saved reply may use: a signature's, the card's and its customer's. */
export const SAVED_REPLY_VARIABLES = [
  'customer.name',
  'customer.first_name',
  'customer.email',
  'agent.name',
  'agent.first_name',
  'agent.email',
  'card.id',
  'card.title',
  'board.name',
] as const;

/** `{{ name }}`, spaces allowed inside the braces. */
const VARIABLE = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The variables a text uses, in order of first use. */
export function variablesOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1] ?? ''))];
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j] ?? 0;
      row[j] = Math.min(here + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length] ?? 0;
}

/** What is wrong with the variables of `text`, in words; undefined when every one is known. */
export function templateProblem(text: string, known: readonly string[]): string | undefined {
  const unknown = variablesOf(text).filter((v) => !known.includes(v));
  if (unknown.length === 0) return undefined;
  const list = known.map((k) => `{{${k}}}`).join(', ');
  const words = unknown.map((v) => {
    const near = [...known].sort((a, b) => distance(v, a) - distance(v, b))[0];
    const guess = near !== undefined && distance(v, near) <= 3 ? ` (did you mean {{${near}}}?)` : '';
    return `{{${v}}} is not a variable${guess}`;
  });
  return `${words.join('; ')}: the variables are ${list}`;
}

export interface Filled {
  text: string;
  /** Variables with no value here, left as written (`{{customer.name}}`) so the writer sees them. */
  missing: string[];
}

/** The text with each known variable's value; one without a value (or unknown) stays as written. */
export function fillTemplate(text: string, values: Readonly<Record<string, string | undefined>>): Filled {
  const missing = new Set<string>();
  const out = text.replace(VARIABLE, (whole, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') {
      missing.add(name);
      return whole;
    }
    return v;
  });
  return { text: out, missing: [...missing] };
}

/** An agent's values for a signature: the first name is the first word of the name. */
export function agentValues(agent: { name?: string | undefined; email: string }, boardName: string) {
  const name = agent.name?.trim() ?? '';
  return {
    'agent.name': name === '' ? undefined : name,
    'agent.first_name': name === '' ? undefined : name.split(/\s+/)[0],
    'agent.email': agent.email,
    'board.name': boardName,
  };
}

/** A card's values for a saved reply: its customer's (name and address as they wrote from), the card's, the agent's. */
export function cardValues(
  card: { id: string; title: string },
  customer: { name?: string | null | undefined; email?: string | null | undefined },
  agent: { name?: string | undefined; email: string },
  boardName: string,
): Record<string, string | undefined> {
  const name = customer.name?.trim() ?? '';
  const email = customer.email?.trim() ?? '';
  return {
    ...agentValues(agent, boardName),
    'customer.name': name === '' ? undefined : name,
    'customer.first_name': name === '' ? undefined : firstName(name),
    'customer.email': email === '' ? undefined : email,
    'card.id': card.id,
    'card.title': card.title,
  };
}

/** "Jane" of "Jane Doe", and of "Doe, Jane" (a sender's name as directories write it). */
function firstName(name: string): string | undefined {
  const comma = name.indexOf(',');
  const given = comma > 0 ? name.slice(comma + 1).trim() : name;
  return (given === '' ? name : given).split(/\s+/)[0];
}

/** Where each variable left unfilled stands in `text`: [start, end) offsets, for marking them. */
export function unfilledSpans(text: string): [number, number][] {
  return Array.from(text.matchAll(VARIABLE), (m) => [m.index, m.index + m[0].length]);
}

/** The body with its signature under the usual delimiter (`-- `, with its space: mail programs fold it away). */
export function withSignature(body: string, signature: string | null | undefined): string {
  if (signature === undefined || signature === null || signature.trim() === '') return body;
  return `${body.trimEnd()}\n\n-- \n${signature.trim()}`;
}
