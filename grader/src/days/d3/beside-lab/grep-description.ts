export const operations = {};
