// Breaks ports-are-contracts: a port naming its implementation.
import type { store } from '../adapters/store.js';

export type Store = typeof store;
