// Breaks web-lib-and-ui-below-features: the ui kit depending on the app's routes.
import { HOME_PATH } from '../app/paths.js';

export const homeLink = HOME_PATH;
