import { describe, expect, it } from 'vitest';
import { ADMIN_USERS_MSG } from '@shared/messages.js';
import { EMPTY_FILTERS, userFiltersForm, usersQuery } from './user-filters.js';

describe('the user filters form (the server query schema without the page)', () => {
  it('treats empty fields as "any" and adds the page', () => {
    const filters = userFiltersForm.parse(EMPTY_FILTERS);
    expect(filters).toEqual({});
    expect(usersQuery(userFiltersForm.parse({ ...EMPTY_FILTERS, userName: ' ada ', type: 'reseller' }), 2)).toEqual({
      userName: 'ada',
      type: 'reseller',
      page: 2,
    });
  });

  it('refuses what the server would refuse, with the same message', () => {
    expect(userFiltersForm.safeParse({ ...EMPTY_FILTERS, phoneNumber: '+234' }).error?.issues[0]?.message).toBe(ADMIN_USERS_MSG.invalidPhoneFilter);
    expect(userFiltersForm.safeParse({ ...EMPTY_FILTERS, userName: 'a b' }).error?.issues[0]?.message).toBe(ADMIN_USERS_MSG.invalidUserFilter);
  });
});
