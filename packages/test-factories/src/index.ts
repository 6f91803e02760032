/**
 * `@jala/test-factories`: API answers as the contracts type them, for web component tests and fixture
 * servers (no database, safe in jsdom). Rows for a real database: `@jala/test-factories/database`.
 */
export * from './api';
