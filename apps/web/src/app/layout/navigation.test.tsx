import type { User } from '@focusroom/core/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubAuth } from '../../../test/render';
import { ROUTE_IDS, ROUTES, routeDefinition } from '../paths';
import { AppRoutes } from '../routes';
import { makeUser } from '../../../test/fixtures';
import { i18n } from '../../i18n';
import { navLabelOf } from './nav-items';

const USER = makeUser({ avatarUrl: 'icon:music' });

function WhereAmI() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function renderApp(route: string, auth = stubAuth()) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <WhereAmI />
    </>,
    { route, auth },
  );
}

describe('the navigation', () => {
  it('opens a drawer with Home, About, the signed-in items and @username from the burger', async () => {
    const user = userEvent.setup();
    renderApp('/about', stubAuth({ status: 'authenticated', user: USER, token: 't' }));

    const burger = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByText('@ada')).toBeInTheDocument();
    for (const name of ['Home', 'About', 'Profile', 'Dashboard', 'Stats', 'Playlists', 'Themes']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('offers Login and Register in the drawer to a signed-out visitor', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('logs out from the drawer and goes to /login', async () => {
    const auth = stubAuth({ status: 'authenticated', user: USER, token: 't' });
    const user = userEvent.setup();
    renderApp('/about', auth);
    await user.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalledOnce();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('logs out from the top bar and goes to /login', async () => {
    const auth = stubAuth({ status: 'authenticated', user: USER, token: 't' });
    const user = userEvent.setup();
    renderApp('/about', auth);
    const bar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(bar).getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalledOnce();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

const ADMIN: User = { ...USER, is_admin: true, role: 'admin' };

/** The registry's path of the nav entry with this label. */
function registryPathOf(label: string): string | undefined {
  const id = ROUTE_IDS.find(
    (routeId) =>
      routeDefinition(routeId).nav !== undefined && i18n._(navLabelOf(routeId)) === label,
  );
  return id && ROUTES[id].path;
}

/** The labels of the links in a navigation region, in order, each checked against the registry. */
function linkLabels(region: HTMLElement): string[] {
  return within(region)
    .getAllByRole('link')
    .filter((link) => link.textContent !== 'Focusroom')
    .map((link) => {
      const label = link.textContent ?? '';
      expect(link, label).toHaveAttribute('href', registryPathOf(label));
      return label;
    });
}

async function openDrawer() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Toggle navigation' }));
  return screen.findByRole('dialog', { name: 'Menu' });
}

describe('the navigation and the route registry', () => {
  it('shows a signed-in non-admin the signed-in items in order, without Admin, in the bar and the drawer', async () => {
    renderApp('/about', stubAuth({ status: 'authenticated', user: USER, token: 't' }));
    const signedInItems = ['Profile', 'Dashboard', 'Stats', 'Playlists', 'Themes'];
    expect(linkLabels(screen.getByRole('navigation', { name: 'Main' }))).toEqual([
      'About',
      ...signedInItems,
    ]);
    const drawer = await openDrawer();
    expect(linkLabels(drawer)).toEqual(['Home', 'About', ...signedInItems]);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows an admin Admin as the last signed-in item, in the bar and the drawer', async () => {
    renderApp('/about', stubAuth({ status: 'authenticated', user: ADMIN, token: 't' }));
    const signedInItems = ['Profile', 'Dashboard', 'Stats', 'Playlists', 'Themes', 'Admin'];
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(linkLabels(bar)).toEqual(['About', ...signedInItems]);
    expect(within(bar).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    const drawer = await openDrawer();
    expect(linkLabels(drawer)).toEqual(['Home', 'About', ...signedInItems]);
  });

  it.each([
    ['/playlists', 'Playlists'],
    ['/playlist/p1', 'Playlists'],
    ['/stats', 'Stats'],
  ])('marks the current item on %s in the bar and the drawer', async (route, current) => {
    renderApp(route, stubAuth({ status: 'authenticated', user: USER, token: 't' }));
    const currentLabels = (region: HTMLElement) =>
      within(region)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(currentLabels(screen.getByRole('navigation', { name: 'Main' }))).toEqual([current]);
    expect(currentLabels(await openDrawer())).toEqual([current]);
  });

  it('shows a visitor About, Login and Register in the bar, and Home first in the drawer', async () => {
    renderApp('/about');
    expect(linkLabels(screen.getByRole('navigation', { name: 'Main' }))).toEqual([
      'About',
      'Login',
      'Register',
    ]);
    const drawer = await openDrawer();
    expect(linkLabels(drawer)).toEqual(['Home', 'About', 'Login', 'Register']);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
