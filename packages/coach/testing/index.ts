/** Test helpers for packages that use the coach: the chat-completions server, a real scan, stored analyses. */
export * from './chat-completions-test-server';
export * from './chat-contexts';
export { clipScan, slowedScan } from './clip-scans';
export { serveScan } from './serve-scans';
export { squatsScan } from './squats-scan';
export { unquotedValues } from './unquoted-values';
