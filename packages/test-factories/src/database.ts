/** `@jala/test-factories/database`: rows written straight to a database (server and browser tests; Node only). */
export * from './rows';
export * from './passenger-workspace';
