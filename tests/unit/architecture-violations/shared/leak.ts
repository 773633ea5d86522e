// Breaks shared-stands-alone: shared code depending on the Lambdas.
import type { Store } from '../functions/ports/store.js';

export type SharedStore = Store;
