// Breaks adapters-below-handlers: an adapter reaching up into middleware.
import { principal } from '../middleware/auth.js';

export const store = { owner: principal };
