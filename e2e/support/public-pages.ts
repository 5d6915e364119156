/** Every public page with the heading a visitor sees on it. */
export const PUBLIC_PAGES = [
  ['/', 'Transform Your Digital Experience'],
  ['/try-now', 'Try for Free'],
  ['/about', 'About Us'],
  ['/how-to', 'How To'],
  ['/contact', 'Contact Us'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/developers', 'Developers'],
] as const;
