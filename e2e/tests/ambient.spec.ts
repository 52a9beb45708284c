import { expect, test, type BrowserContext, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { fakeYouTubeInBrowser, ytCalls } from '../support/fake-youtube.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import { expectTime, typeTab, waitForServiceWorkerControl } from '../support/timer-page.js';

/*
 * The ambient mixer (product §4 ambient mixer): sounds generated with Web Audio, with the
 * network off, for visitors and signed-in users; saved mixes; sound that follows the timer.
 * Real time and a real service worker (the mixer's chunk comes from its cache offline).
 *
 * The page's audio is tapped from the test side only: an init script makes every node that
 * connects to a context's speakers also feed an AnalyserNode, and `__ambientPeak()` reads the
 * loudest sample those analysers see. The app itself carries no test hook.
 */
test.use({ serviceWorkers: 'allow' });

async function installAudioTap(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const taps: AnalyserNode[] = [];
    const contexts: BaseAudioContext[] = [];
    const w = window as unknown as {
      __ambientPeak: () => number;
      __ambientStates: () => string[];
    };
    const original = AudioNode.prototype.connect as (...args: unknown[]) => unknown;
    AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
      const target = args[0];
      if (target instanceof AudioDestinationNode) {
        const analyser = this.context.createAnalyser();
        analyser.fftSize = 2048;
        original.call(this, analyser);
        taps.push(analyser);
        if (!contexts.includes(this.context)) contexts.push(this.context);
      }
      return original.apply(this, args);
    } as typeof AudioNode.prototype.connect;
    w.__ambientPeak = () => {
      let peak = 0;
      for (const analyser of taps) {
        const data = new Float32Array(analyser.fftSize);
        analyser.getFloatTimeDomainData(data);
        for (const v of data) peak = Math.max(peak, Math.abs(v));
      }
      return peak;
    };
    w.__ambientStates = () => contexts.map((c) => c.state);
  });
}

function peak(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { __ambientPeak: () => number }).__ambientPeak(),
  );
}

function contextStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __ambientStates: () => string[] }).__ambientStates(),
  );
}

function panel(page: Page) {
  return page.getByRole('dialog', { name: 'Sounds' });
}

async function openSounds(page: Page) {
  await page.getByRole('button', { name: 'Sounds', exact: true }).click();
  await expect(panel(page)).toBeVisible();
  return panel(page);
}

function soundSwitch(page: Page, name: string) {
  return panel(page).getByRole('switch', { name, exact: true });
}

test.beforeEach(async ({ context }) => {
  await installAudioTap(context);
});

test('a visitor mixes generated sounds with the network off, saves the mix and loads it again', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expectTime(page, '25:00');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  try {
    const mixer = await openSounds(page);
    expect(await contextStates(page)).toEqual([]);

    // Turning a sound on is the click that starts sound.
    await soundSwitch(page, 'Rain').check();
    await expect(mixer.getByRole('button', { name: 'Pause sounds' })).toBeVisible();
    await expect.poll(() => peak(page), { timeout: 10_000 }).toBeGreaterThan(0.01);

    // A second sound joins the first.
    await soundSwitch(page, 'Ocean waves').check();
    await expect(soundSwitch(page, 'Rain')).toBeChecked();
    await expect(soundSwitch(page, 'Ocean waves')).toBeChecked();
    await expect.poll(() => peak(page)).toBeGreaterThan(0.01);
    await expect(page.getByRole('button', { name: 'Sounds', exact: true })).toHaveAttribute(
      'data-playing',
      'true',
    );

    // Bad names change nothing and say why.
    const name = mixer.getByRole('textbox', { name: 'Mix name' });
    await mixer.getByRole('button', { name: 'Save mix' }).click();
    await expect(mixer.getByText('Give the mix a name.')).toBeVisible();
    await name.fill('x'.repeat(41));
    await mixer.getByRole('button', { name: 'Save mix' }).click();
    await expect(mixer.getByText('A mix name can be at most 40 characters.')).toBeVisible();
    await expect(mixer.getByText('No saved mixes yet.')).toBeVisible();

    await name.fill('Rainy shore');
    await mixer.getByRole('button', { name: 'Save mix' }).click();
    await expect(mixer.getByRole('status')).toHaveText('Saved "Rainy shore".');
    await expect(mixer.getByRole('list', { name: 'Saved mixes' })).toContainText('Rainy shore');

    await screenshot(page, 'ambient-mixer-1280');
    await expectNoAxeViolations(page);

    // Pausing fades out and suspends the context (a silent mixer costs no CPU).
    await mixer.getByRole('button', { name: 'Pause sounds' }).click();
    await expect.poll(() => contextStates(page)).toEqual(['suspended']);

    // After a reload (still offline) the saved mix is there and loads both sounds.
    await page.reload();
    await expectTime(page, '25:00');
    await openSounds(page);
    await soundSwitch(page, 'Rain').uncheck();
    await soundSwitch(page, 'Ocean waves').uncheck();
    await expect(soundSwitch(page, 'Rain')).not.toBeChecked();
    await panel(page).getByRole('button', { name: 'Load Rainy shore' }).click();
    await expect(soundSwitch(page, 'Rain')).toBeChecked();
    await expect(soundSwitch(page, 'Ocean waves')).toBeChecked();
    await panel(page).getByRole('button', { name: 'Play sounds' }).click();
    await expect.poll(() => peak(page), { timeout: 10_000 }).toBeGreaterThan(0.01);

    // Escape closes the panel and returns to its button; the sound keeps playing.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sounds', exact: true })).toBeFocused();
    await expect.poll(() => peak(page)).toBeGreaterThan(0.01);
  } finally {
    await context.setOffline(false);
  }
});

test('each soundscape makes sound on its own', async ({ page }) => {
  await page.goto('/');
  await expectTime(page, '25:00');
  await openSounds(page);
  const names = [
    'Rain',
    'Ocean waves',
    'Wind',
    'Crackling fire',
    'White noise',
    'Pink noise',
    'Brown noise',
  ];
  let previous: string | null = null;
  for (const name of names) {
    if (previous) await soundSwitch(page, previous).uncheck();
    await soundSwitch(page, name).check();
    // The one sound on is the one heard: wait for the last one's fade out first.
    await page.waitForTimeout(900);
    await expect.poll(() => peak(page), { message: name, timeout: 10_000 }).toBeGreaterThan(0.005);
    previous = name;
  }
});

test('sound follows the timer: separate sounds and volume for breaks', async ({ page }) => {
  await page.goto('/');
  await expectTime(page, '25:00');
  const mixer = await openSounds(page);
  await soundSwitch(page, 'Brown noise').check();
  await soundSwitch(page, 'Rain').check();
  await soundSwitch(page, 'Brown noise').uncheck();
  await mixer.getByRole('textbox', { name: 'Mix name' }).fill('Break rain');
  await mixer.getByRole('button', { name: 'Save mix' }).click();
  await soundSwitch(page, 'Rain').uncheck();
  await soundSwitch(page, 'Brown noise').check();

  await mixer.getByRole('switch', { name: 'Sound follows the timer' }).check();
  await mixer.getByRole('combobox', { name: 'Breaks: sounds' }).selectOption('Break rain');

  // The panel sits over the page on small screens: close it to reach the timer, as a person would.
  await page.keyboard.press('Escape');
  await typeTab(page, 'Short Break').click();
  let reopened = await openSounds(page);
  await expect(soundSwitch(page, 'Rain')).toBeChecked();
  await expect(soundSwitch(page, 'Brown noise')).not.toBeChecked();
  await expect(reopened.getByRole('slider', { name: 'Master volume' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );

  await page.keyboard.press('Escape');
  await typeTab(page, 'Pomodoro').click();
  reopened = await openSounds(page);
  await expect(soundSwitch(page, 'Brown noise')).toBeChecked();
  await expect(soundSwitch(page, 'Rain')).not.toBeChecked();
  await expect(reopened.getByRole('slider', { name: 'Master volume' })).toHaveAttribute(
    'aria-valuenow',
    '70',
  );
  await expect.poll(() => peak(page), { timeout: 10_000 }).toBeGreaterThan(0.005);
});

test('signed-in users have the mixer too; it fits a phone', async ({ page }) => {
  const { token } = await createVerifiedUser('ambient');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, token, '/dashboard');
  await expect(page.getByRole('main')).toBeVisible();
  const mixer = await openSounds(page);
  await soundSwitch(page, 'Wind').check();
  await expect.poll(() => peak(page), { timeout: 10_000 }).toBeGreaterThan(0.005);
  const box = await mixer.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'ambient-mixer-390');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await screenshot(page, 'ambient-button-390');
});

test('ambient sounds mix with music: each plays on while the other pauses', async ({ page }) => {
  await fakeYouTubeInBrowser(page);
  const { token } = await createVerifiedUser('ambientmusic');
  await signInAs(page, token, '/dashboard');

  // A track plays in the music player (the fake IFrame API).
  await page.getByRole('button', { name: 'Open music player' }).click();
  const player = page.getByRole('region', { name: 'Music player', exact: true });
  await player.getByRole('tab', { name: 'Search' }).click();
  await player.getByLabel('Search YouTube or paste a link').fill('lofi');
  await player.getByRole('button', { name: 'Search', exact: true }).click();
  const results = player.getByRole('list', { name: 'Search results' });
  await results.getByRole('button', { name: /^Add / }).first().click();
  await player.getByRole('tab', { name: 'Now Playing' }).click();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  const pauseMusic = player.getByRole('button', { name: 'Pause', exact: true });
  await expect(pauseMusic).toBeVisible();
  await expect.poll(() => ytCalls(page)).toContain('playVideo');
  await player.getByRole('button', { name: 'Minimize music player' }).click();
  const bar = page.getByRole('region', { name: 'Music player (minimized)' });
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // Rain joins it: the ambient output is heard and the player still reports playing.
  const mixer = await openSounds(page);
  await soundSwitch(page, 'Rain').check();
  await expect.poll(() => peak(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  expect(await ytCalls(page)).not.toContain('pauseVideo');

  // Pausing the music leaves the rain playing.
  await page.keyboard.press('Escape');
  await expect(mixer).toBeHidden();
  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(() => ytCalls(page)).toContain('pauseVideo');
  await page.waitForTimeout(500);
  await expect.poll(() => peak(page)).toBeGreaterThan(0.01);
  expect(await contextStates(page)).toEqual(['running']);

  // Music again, then pausing the sounds leaves the music playing.
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const callsBefore = (await ytCalls(page)).filter((call) => call === 'pauseVideo').length;
  await openSounds(page);
  await panel(page).getByRole('button', { name: 'Pause sounds' }).click();
  await expect.poll(() => contextStates(page)).toEqual(['suspended']);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  expect((await ytCalls(page)).filter((call) => call === 'pauseVideo')).toHaveLength(callsBefore);
  await screenshot(page, 'ambient-with-music-1280');
});
