// Breaks no-circular: cycle-a -> cycle-b -> cycle-a, through a type-only import.
import type { B } from './cycle-b.js';

export interface A {
  b?: B;
}
