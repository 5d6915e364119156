import { describe, expect, it } from 'vitest';
import { pageWindow, paginationOf } from '../src/http/pagination.js';

describe('pagination', () => {
  it("takes a page's rows from its start", () => {
    expect(pageWindow(1, 20)).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow(3, 12)).toEqual({ limit: 12, offset: 24 });
  });

  it('counts at least one page, and says whether there is one before and after', () => {
    expect(paginationOf(1, 0, 20)).toEqual({
      currentPage: 1,
      totalPages: 1,
      hasPrev: false,
      hasNext: false,
    });
    expect(paginationOf(1, 21, 20)).toEqual({
      currentPage: 1,
      totalPages: 2,
      hasPrev: false,
      hasNext: true,
    });
    expect(paginationOf(2, 40, 20)).toEqual({
      currentPage: 2,
      totalPages: 2,
      hasPrev: true,
      hasNext: false,
    });
  });
});
