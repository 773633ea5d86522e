// Allowed: app composes features.
import { view } from '../features/a/components/view.js';

export const routes = [view];
