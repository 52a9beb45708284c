import { PUSH_MESSAGES } from '@focusroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { notify } from '../../lib/notify';
import AlarmsSection from './alarms-section';
import { alarmsApi, type PushDevice } from './alarms-api';
import { PUBLIC_KEY, device, fakeBrowser, fakeRecord, fakeSubscription } from './test-fakes';
import { base64UrlToBytes, type AlarmsDeps } from './this-device';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const USER = makeUser();
const PHONE = device('phone', 'Chrome on Android', '2026-11-22T07:30:00.000Z');

type Handler = (init: RequestInit | undefined) => Response;

/** The push API of the server: the devices, the key, and per-call handlers for the rest. */
function stubServer(routes: Record<string, Handler> = {}, devices: PushDevice[] = [PHONE]) {
  let list = [...devices];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler) return handler(init);
    if (key === 'GET /api/push/key') return jsonResponse({ publicKey: PUBLIC_KEY });
    if (key === 'GET /api/push/devices') return jsonResponse({ devices: list });
    if (key === 'PUT /api/push/devices') {
      const saved = device('this', 'Chrome on Linux');
      list = [...list, saved];
      return jsonResponse(saved);
    }
    if (key.startsWith('DELETE /api/push/devices/')) {
      list = list.filter((d) => !url.endsWith(`/${d.id}`));
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection(browser = fakeBrowser(), record = fakeRecord()) {
  localStorage.setItem('token', 'stored.session.token');
  const deps: AlarmsDeps = { browser, record, api: alarmsApi, name: () => 'Chrome on Linux' };
  renderWithProviders(<AlarmsSection deps={deps} />, {
    auth: stubAuth({ status: 'authenticated', token: 'stored.session.token', user: USER }),
  });
  return { browser, record };
}

const thisDevice = () => screen.getByRole('switch', { name: /^Alarms on this device/ });

describe('the alarms section', () => {
  afterEach(() => {
    vi.mocked(notify).mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("lists the account's other devices with since when and their last alarm", async () => {
    stubServer();
    renderSection();
    expect(
      await screen.findByRole('heading', { name: 'Alarms with the app closed' }),
    ).toBeVisible();
    const row = (await screen.findByText('Chrome on Android')).closest('li') as HTMLElement;
    expect(row).toHaveTextContent(/Since 20 Nov 2026 · Last alarm 22 Nov 2026/);
    expect(within(row).getByRole('button', { name: 'Remove Chrome on Android' })).toBeVisible();
    await waitFor(() => expect(thisDevice()).toBeEnabled());
    expect(thisDevice()).not.toBeChecked();
    expect(
      screen.getByText('Get an alarm on Chrome on Linux when a focus or a break ends.'),
    ).toBeVisible();
  });

  it('asks for permission on the click, subscribes and registers this browser', async () => {
    const fetchMock = stubServer();
    const { browser, record } = renderSection();
    const user = userEvent.setup();
    await waitFor(() => expect(thisDevice()).toBeEnabled());
    await user.click(thisDevice());
    expect(browser.asked).toBe(1);
    expect(await screen.findByRole('button', { name: 'Send a test alarm' })).toBeVisible();
    expect(thisDevice()).toBeChecked();
    expect(
      screen.getByText('Chrome on Linux gets an alarm when a focus or a break ends.'),
    ).toBeVisible();
    expect(browser.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(PUBLIC_KEY) },
    ]);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      endpoint: browser.registration!.subscription!.endpoint,
      keys: { p256dh: expect.any(String), auth: expect.any(String) },
      name: 'Chrome on Linux',
    });
    expect(record.value).toMatchObject({ userId: USER.id, id: 'this' });
    // This device is not among "other devices".
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it("shows the server's refusal and stays off", async () => {
    stubServer({
      'PUT /api/push/devices': () =>
        jsonResponse({ message: PUSH_MESSAGES.tooMany, code: 'push.tooMany' }, 409),
    });
    const { browser } = renderSection();
    const user = userEvent.setup();
    await waitFor(() => expect(thisDevice()).toBeEnabled());
    await user.click(thisDevice());
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.tooMany);
    expect(thisDevice()).not.toBeChecked();
    expect(browser.registration!.subscription!.unsubscribed).toBe(true);
  });

  it('says how to allow notifications when they are blocked', async () => {
    stubServer();
    renderSection(fakeBrowser({ permission: 'denied' }));
    expect(
      await screen.findByText('Notifications are blocked for Focusroom in this browser.'),
    ).toBeVisible();
    expect(screen.getByText(/set Notifications to Allow/)).toBeVisible();
    // Still a switch: once allowed in the site's settings, a click turns alarms on.
    expect(thisDevice()).toBeEnabled();
  });

  it('says so when the browser cannot get pushes', async () => {
    stubServer();
    renderSection(fakeBrowser({ supported: false }));
    expect(
      await screen.findByText('This browser cannot get alarms while Focusroom is closed.'),
    ).toBeVisible();
    expect(thisDevice()).toBeDisabled();
  });

  it('sends a test alarm, and says when one was sent moments ago', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const subscription = fakeSubscription(base64UrlToBytes(PUBLIC_KEY));
    browser.registration!.subscription = subscription;
    const record = fakeRecord({ userId: USER.id, id: 'this', endpoint: subscription.endpoint });
    let answer = () => jsonResponse({}, 202);
    stubServer({ 'POST /api/push/devices/this/test': () => answer() }, [
      device('this', 'Chrome on Linux'),
    ]);
    renderSection(browser, record);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a test alarm' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        tone: 'success',
        message: 'Test alarm sent. It should arrive in a few seconds.',
      }),
    );
    answer = () =>
      jsonResponse({ message: PUSH_MESSAGES.testTooSoon, code: 'push.testTooSoon' }, 429);
    await user.click(screen.getByRole('button', { name: 'Send a test alarm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.testTooSoon);
  });

  it('shows this device off when the server no longer lists it', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const subscription = fakeSubscription(base64UrlToBytes(PUBLIC_KEY));
    browser.registration!.subscription = subscription;
    const record = fakeRecord({ userId: USER.id, id: 'gone', endpoint: subscription.endpoint });
    stubServer({}, []);
    renderSection(browser, record);
    // Once the server's list is in: this device is not on it.
    await waitFor(() => {
      expect(thisDevice()).toBeEnabled();
      expect(thisDevice()).not.toBeChecked();
    });
    expect(screen.queryByRole('button', { name: 'Send a test alarm' })).not.toBeInTheDocument();
  });

  it('removes another device', async () => {
    const fetchMock = stubServer();
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/push/devices/phone',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(notify).toHaveBeenCalledWith({
      tone: 'success',
      message: 'Chrome on Android no longer gets alarms.',
    });
  });
});
