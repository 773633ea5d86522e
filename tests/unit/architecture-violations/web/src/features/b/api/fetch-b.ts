export const fetchB = async () => 'b';
