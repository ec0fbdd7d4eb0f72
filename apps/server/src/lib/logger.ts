import type { BaseLogger } from 'pino';

/** What services need of a logger: the process's pino logger or a request's child of it. */
export type Log = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
