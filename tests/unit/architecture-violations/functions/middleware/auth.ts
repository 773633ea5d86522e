export const principal = 'user';
