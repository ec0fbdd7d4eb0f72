export * from './errors';
export * from './users';
export * from './auth';
