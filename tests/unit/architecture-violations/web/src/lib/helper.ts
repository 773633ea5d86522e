// Breaks web-lib-and-ui-below-features: a helper depending on a feature.
import { fetchB } from '../features/b/api/fetch-b.js';

export const helper = fetchB;
