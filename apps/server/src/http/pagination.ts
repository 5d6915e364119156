/** The rows of a 1-based page: what to give a query's `limit` and `offset`. */
export const pageWindow = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** Where a page stands among all pages, as the contract's pagination says it (at least 1 page). */
export function paginationOf(page: number, totalRows: number, pageSize: number) {
  const totalPages = Math.max(1, Math.ceil(totalRows / pageSize));
  return { currentPage: page, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}
