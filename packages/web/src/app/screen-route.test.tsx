// @vitest-environment jsdom
import { SCREENS } from '@psps/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, lazy } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline } from '@/lib/import-when-online.ts';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { reloadPage } from '@/lib/reload-page.ts';
import { renderRouter } from '@/lib/render-router.tsx';
import { session } from '@/lib/storage.ts';
import { screenRoute } from './screen-route.tsx';
import { AdminLayout } from './shell/admin-layout.tsx';
import { isChunkLoadError } from './shell/route-error.tsx';

vi.mock('@/lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

signedInWithSilentServer();
beforeEach(() => {
  localStorage.setItem('permissions', JSON.stringify(['REPORTING']));
  vi.mocked(reloadPage).mockClear();
});

const screenOf = (key: string) => SCREENS.find((s) => s.key === key)!;

/** A screen's code that arrives when the test says so. */
function deferredScreen() {
  let arrive!: (page: ComponentType) => void;
  let fail!: (error: Error) => void;
  const Page = lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        arrive = (page) => resolve({ default: page });
        fail = reject;
      }),
  );
  return { Page, arrive: (page: ComponentType) => arrive(page), fail: (error: Error) => fail(error) };
}

/** The shell with the dashboard (already loaded) and the Voice screen (loaded on demand), as app/router.tsx has them. */
function showConsole(voice: ComponentType, at = '/admin/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          screenRoute(screenOf('dashboard'), () => <h2>Dashboard</h2>),
          screenRoute(screenOf('voice'), voice),
        ],
      },
    ],
    { initialEntries: [at] },
  );
  return renderRouter(router);
}

/** What Chromium says when a screen's file is gone (a deploy replaced the files while the tab was open). */
const GONE = 'Failed to fetch dynamically imported module: http://localhost/assets/channel-page-B7uXbgHP.js';

describe('a screen whose code is fetched when it is first shown', () => {
  it("shows 'Loading the screen…' in the shell meanwhile, then the screen with the focus on its heading", async () => {
    const voice = deferredScreen();
    showConsole(voice.Page);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Voice' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading the screen…');
    const content = document.getElementById('content')!;
    expect(content.contains(status)).toBe(true);
    // The top bar already names the screen; the focus waits on the content, not on the menu entry.
    expect(screen.getByTestId('page-name').textContent).toBe('/ Voice');
    expect(document.activeElement).toBe(content);

    voice.arrive(() => <h2>Voice</h2>);
    const heading = await screen.findByRole('heading', { name: 'Voice' });
    expect(screen.queryByText('Loading the screen…')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus alone when the page was opened at that screen (the browser starts at the top)', async () => {
    const voice = deferredScreen();
    showConsole(voice.Page, '/admin/voice');
    await screen.findByText('Loading the screen…');
    voice.arrive(() => <h2>Voice</h2>);
    await screen.findByRole('heading', { name: 'Voice' });
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps a focus the operator moved elsewhere while the screen loaded', async () => {
    const voice = deferredScreen();
    showConsole(voice.Page);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Voice' }));
    await screen.findByText('Loading the screen…');
    const dashboardLink = screen.getByRole('link', { name: 'Dashboard' });
    dashboardLink.focus();
    voice.arrive(() => <h2>Voice</h2>);
    await screen.findByRole('heading', { name: 'Voice' });
    expect(document.activeElement).toBe(dashboardLink);
  });
});

describe("a screen whose file is gone (a deploy replaced the console's files while the tab was open)", () => {
  // React and the router report the error they caught; the test need not show it.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says so with a Reload button in place of the screen, the shell staying, and Reload reloads the page', async () => {
    const voice = deferredScreen();
    showConsole(voice.Page);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Voice' }));
    await screen.findByText('Loading the screen…');
    voice.fail(new TypeError(GONE));

    const heading = await screen.findByRole('heading', { name: 'This screen could not be loaded' });
    expect(screen.getByTestId('route-error').textContent).toBe(
      'This screen could not be loaded' +
        'The console may have been updated since this page was opened, or the connection dropped. Reload the ' +
        'page to get the current version.' +
        'Reload',
    );
    // Said as the screen would have been: the focus on its heading.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The shell is still there: the operator can go to another screen.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();

    expect(reloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
  });

  it('also on a page opened at that screen', async () => {
    showConsole(
      lazy(() => Promise.reject(new TypeError(GONE))),
      '/admin/voice',
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByTestId('page-name').textContent).toBe('/ Voice');
  });

  it('a screen that fails to draw says so too, with Reload', async () => {
    showConsole(() => {
      throw new Error('Cannot read properties of undefined');
    }, '/admin/voice');
    expect(await screen.findByRole('heading', { name: 'This screen could not be shown' })).toBeTruthy();
    expect(
      screen.getByText('Something went wrong in the console. Reload the page to try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

describe('a screen whose permission is not held (document 1 §6: blocked)', () => {
  it('says so in words in its place, the address kept, and never draws the screen (a typed address)', async () => {
    localStorage.setItem('permissions', JSON.stringify(['SUPPRESSION']));
    const drawn = vi.fn(() => <h2>Voice</h2>);
    const router = showConsole(drawn, '/admin/voice');
    expect(await screen.findByRole('heading', { name: 'Voice is not available to you' })).toBeTruthy();
    expect(screen.getByTestId('not-permitted').textContent).toBe(
      'Voice is not available to you' +
        'Voice needs the REPORTING permission, which your account does not have. Ask an administrator of this ' +
        'console to grant it; the menu lists the screens you can use.' +
        'Go to the Dashboard',
    );
    expect(router.state.location.pathname).toBe('/admin/voice');
    expect(drawn).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Go to the Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('also when the permission is withdrawn while the screen is open', async () => {
    showConsole(() => <h2>Voice</h2>, '/admin/voice');
    expect(await screen.findByRole('heading', { name: 'Voice' })).toBeTruthy();
    act(() => session.setPermissions([]));
    expect(await screen.findByRole('heading', { name: 'Voice is not available to you' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Voice' })).toBeNull();
  });
});

describe('isChunkLoadError', () => {
  it("knows a screen's file that could not be fetched as Chromium, Firefox, Safari and Vite word it", () => {
    expect(isChunkLoadError(new TypeError(GONE))).toBe(true);
    expect(
      isChunkLoadError(
        new TypeError('error loading dynamically imported module: http://localhost/assets/a-1.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(
      isChunkLoadError(new Error('Unable to preload CSS for /assets/template-editor-C1TvEFgD.css')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      false,
    );
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('a screen first opened while the connection is lost', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('online'));
  });

  it("keeps 'Loading the screen…' while offline and shows the screen by itself once the connection is back", async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const load = vi
      .fn<() => Promise<{ VoicePage: ComponentType }>>()
      .mockRejectedValueOnce(new TypeError(GONE))
      .mockResolvedValueOnce({ VoicePage: () => <h2>Voice</h2> });
    showConsole(lazy(async () => ({ default: (await importWhenOnline(load)).VoicePage })));
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Voice' }));

    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading the screen…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This screen could not be loaded' })).toBeNull();

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'Voice' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the screen could not be loaded, at once, when the browser is online (a file gone after a deploy)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const load = vi.fn<() => Promise<{ VoicePage: ComponentType }>>().mockRejectedValue(new TypeError(GONE));
    showConsole(lazy(async () => ({ default: (await importWhenOnline(load)).VoicePage })));
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Voice' }));
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
