/**
 * A UUID as PostgreSQL's uuid type accepts it, for patterns that take ids out of paths: 36
 * characters of hex and dashes in the wrong places would reach the database and fail there.
 */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
