// Breaks features-are-islands: feature a importing feature b.
import { fetchB } from '../../b/api/fetch-b.js';

export const fetchA = fetchB;
