import { ROUTE_IDS, canOpen, routeDefinition, type RouteId, type Viewer } from '../paths';

/** One link of the top bar or the drawer (product §2), taken from the route registry. */
export interface NavItem {
  id: RouteId;
  to: string;
  label: string;
  /** The bar shows it as a button. */
  prominent: boolean;
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
    .map(({ id, to, nav }) => ({ id, to, label: nav.label, prominent: nav.prominent === true }));
}
