/** What the searches' parsed queries mean (the schemas are the contract's, shared/src/contract/schemas.ts). */
export const isAscending = (isAsc: string) => isAsc === 'asc' || isAsc === 'ascending';
