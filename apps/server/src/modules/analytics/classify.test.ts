import { describe, expect, it } from 'vitest';
import { cleanPath, isAdminPath } from './classify.js';

describe('cleanPath', () => {
  it.each([
    ['/admin%252fusers', '/admin/users'],
    ['/admin;x', '/admin'],
    ['/admin\\users', '/admin/users'],
    ['/x/../admin', '/admin'],
    ['/x/..;/admin', '/admin'],
    ['/x/%2e%2e/admin', '/admin'],
    ['/;x/%2561dmin', '/admin'],
    ['/admin%2fusers%ff', '/admin/users%ff'],
  ])('reads %j as the admin page %j', (path, page) => {
    expect(cleanPath(path)).toBe(page);
    expect(isAdminPath(page)).toBe(true);
  });

  it.each([
    ['/', '/'],
    ['/pricing', '/pricing'],
    ['/pricing/', '/pricing'],
    ['/pricing?email=a@b.example#top', '/pricing'],
    ['/how-to/caf%C3%A9', '/how-to/café'],
    ['/a/./b/../c', '/a/c'],
    ['/../..', '/'],
    ['/100%25', '/100%'],
    ['/administrators', '/administrators'],
  ])('reads %j as the page %j', (path, page) => {
    expect(cleanPath(path)).toBe(page);
  });

  it('takes no page from a path still encoded after the bounded rounds of decoding', () => {
    expect(cleanPath(`/admin%${'25'.repeat(3)}2fusers`)).toBe('/admin/users');
    expect(cleanPath(`/admin%${'25'.repeat(4)}2fusers`)).toBeUndefined();
  });
});
