/** Test helpers for packages that use the coach: the chat-completions server and a real scan. */
export * from './chat-completions-test-server';
export { squatsScan } from './squats-scan';
