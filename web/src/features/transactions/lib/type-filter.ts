import { TRANSACTION_TYPE_FILTERS } from '@shared/constants.js';
import { TRANSACTION_TYPE_LABELS } from '@shared/products.js';

/** The type filter: every transaction type under its name from the product registry, after "All types". */
export const TYPE_OPTIONS = TRANSACTION_TYPE_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All types' : TRANSACTION_TYPE_LABELS[value] }));
