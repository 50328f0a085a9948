import type { Json } from '../transport.js';

/** A v1.18 request body: the service wants its own field names and, on some routes, numbers as strings. */
export type DragAppBody = { [k: string]: Json };
