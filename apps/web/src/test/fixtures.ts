import type { User } from '@rasma/contract';

/** A signed-in user as the server answers it. */
export const USER: User = {
  id: 'u1',
  email: 'a@example.com',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isAdmin: false,
};
