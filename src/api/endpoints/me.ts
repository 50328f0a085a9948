/** Whose key this is: GET /v2/me (extension `me`). */
import type { Endpoints } from '../operations.js';
import { Me } from '../schema.js';

export const meEndpoints: Endpoints<'whoAmI'> = {
  whoAmI: (w, o) => w.extension('me', 'GET', '/v2/me', () => w.env(Me, 'GET', '/v2/me', { o })),
};
