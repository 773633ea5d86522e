// Allowed: a feature uses its own api. Breaks web-features-below-app: a feature reaching into app.
import { HOME_PATH } from '../../../app/paths.js';
import { fetchA } from '../api/fetch-a.js';

export const view = { path: HOME_PATH, load: fetchA };
