/** The member pages' tests use the client's page harness (client/src/test/page-harness.tsx). */
export * from './page-harness';
