import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ROUTE_IDS, canOpen, routeDefinition, type RouteId, type Viewer } from '../paths';

/** One link of the top bar or the drawer (product §2), taken from the route registry. */
export interface NavItem {
  id: RouteId;
  to: string;
  label: MessageDescriptor;
  /** The bar shows it as a button. */
  prominent: boolean;
}

/** The words of each route the registry places in the nav. */
const NAV_LABELS: Partial<Record<RouteId, MessageDescriptor>> = {
  home: msg`Home`,
  about: msg`About`,
  login: msg`Login`,
  register: msg`Register`,
  profile: msg`Profile`,
  dashboard: msg`Dashboard`,
  stats: msg`Stats`,
  playlists: msg`Playlists`,
  themes: msg`Themes`,
  admin: msg`Admin`,
};

/** The nav label of a route the registry places in the nav. */
export function navLabelOf(id: RouteId): MessageDescriptor {
  const label = NAV_LABELS[id];
  if (!label) throw new Error(`The route ${id} has no nav label`);
  return label;
}

/**
 * The registry's nav routes this viewer may see, in their order: visitors get Login and
 * Register, signed-in users the routes their access admits (Admin only for admins). The drawer
 * adds the drawer-only items (Home).
 */
export function navItems(viewer: Viewer, place: 'bar' | 'drawer'): NavItem[] {
  const shown = ROUTE_IDS.flatMap((id) => {
    const { path, access, nav } = routeDefinition(id);
    if (!nav || (nav.drawerOnly && place !== 'drawer')) return [];
    const visible = nav.shownTo === 'signedOut' ? viewer === 'visitor' : canOpen(access, viewer);
    return visible ? [{ id, to: path, nav }] : [];
  });
  return shown
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ id, to, nav }) => ({
      id,
      to,
      label: navLabelOf(id),
      prominent: nav.prominent === true,
    }));
}
