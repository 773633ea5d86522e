// Breaks shared-stands-alone: shared code depending on the Lambdas.
import type { Store } from '../functions/domain/store-port.js';

export type SharedStore = Store;
