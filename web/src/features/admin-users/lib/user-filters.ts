import type { z } from 'zod';
import { listUsersQuery, usersCsvFileName, type ListUsersQuery } from '@shared/api/admin-users.js';
import { USER_TYPES } from '@shared/constants.js';

/** The filter form: the server's own query schema, without the page (the pagination owns it). */
export const userFiltersForm = listUsersQuery.pick({ userName: true, phoneNumber: true, type: true });
export type UserFiltersInput = z.input<typeof userFiltersForm>;
export type UserFilters = z.output<typeof userFiltersForm>;

export const EMPTY_FILTERS: UserFiltersInput = { userName: '', phoneNumber: '', type: '' };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const USER_TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...USER_TYPES.map((value) => ({ value, label: capitalise(value) }))];

export const usersQuery = (filters: UserFilters, page: number): ListUsersQuery => ({ ...filters, page });

/** The server names the file; this is the same name, for when a cross-origin answer hides the header. */
export const fallbackCsvName = (page: number, rows: number): string => usersCsvFileName(page, rows);
