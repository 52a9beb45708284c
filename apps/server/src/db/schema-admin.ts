/** Tables of the admin module; joined into Database in schema.ts. Same column rules as schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminTables {}
