// Small helpers over awaited queries (both drivers answer a select with an array of rows).

/** The first row of a query, or undefined. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}
