/** Top-bar and drawer items of SPEC §2, in the spec's order. */
export interface NavItem {
  to: string;
  label: string;
}

export const SIGNED_IN_ITEMS: readonly NavItem[] = [
  { to: '/profile', label: 'Profile' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/stats', label: 'Stats' },
  { to: '/playlists', label: 'Playlists' },
  { to: '/themes', label: 'Themes' },
];

export const SIGNED_OUT_ITEMS: readonly NavItem[] = [
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];
