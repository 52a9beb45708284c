import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLAYED_INPUT_TIME, replayedInputTime } from '../../lib/early-input';
import { keepEarlyInput } from './early-input';

const INTERACTIVE = 'test:interactive';
const BOOTING = 'data-booting';

const options = {
  interactiveEvent: INTERACTIVE,
  bootingAttribute: BOOTING,
  timeProperty: REPLAYED_INPUT_TIME,
  failedMessage: 'The app did not start.',
  failedClass: 'boot-failed',
  maxKept: 5,
};

/** What reached the page's own listeners (the app's, once it runs): type, target id, time. */
let seen: string[] = [];
const record = (event: Event) => {
  const target = event.target as HTMLElement;
  const key = event instanceof KeyboardEvent ? ` ${event.key}` : '';
  const at = replayedInputTime(event);
  seen.push(
    `${event.type}${key} ${target.id || target.tagName}${at === undefined ? '' : ` @${at}`}`,
  );
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000);
  seen = [];
  document.documentElement.setAttribute('data-entry', '/assets/index.js');
  document.body.innerHTML = `
    <main>
      <button type="button" id="start"><svg id="icon"></svg>Start</button>
      <a href="#elsewhere" id="link">About</a>
      <form id="login" action="/login">
        <label id="label" for="name">Name</label>
        <input id="name" name="name">
        <input id="remember" type="checkbox">
        <button type="button" id="show">Show password</button>
        <button type="submit" id="send">Log in</button>
      </form>
      <p id="text">Some words</p>
    </main>`;
  for (const type of ['click', 'submit', 'keydown']) document.addEventListener(type, record);
});

afterEach(() => {
  for (const type of ['click', 'submit', 'keydown']) document.removeEventListener(type, record);
  document.documentElement.removeAttribute('data-entry');
  document.documentElement.removeAttribute(BOOTING);
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const byId = (id: string) => document.getElementById(id)!;
const interactive = () => document.documentElement.dispatchEvent(new Event(INTERACTIVE));
const click = (id: string) =>
  byId(id).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
const press = (id: string | null, key: string, init: KeyboardEventInit = {}) =>
  (id ? byId(id) : document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  );

/** Each test starts the keeper on a fresh window listener set and removes it by answering. */
function start() {
  return keepEarlyInput(document, window, options);
}

describe('input kept while a pre-rendered page boots', () => {
  it('marks the page as booting and leaves the plain shell alone', () => {
    start();
    expect(document.documentElement.hasAttribute(BOOTING)).toBe(true);
    interactive();
    document.documentElement.removeAttribute(BOOTING);
    document.documentElement.removeAttribute('data-entry');
    start();
    expect(document.documentElement.hasAttribute(BOOTING)).toBe(false);
    click('start');
    expect(seen).toEqual(['click start']);
  });

  it('keeps a click on a control only the app answers, and clicks it again with its own time', () => {
    start();
    click('icon');
    expect(seen).toEqual([]);
    vi.setSystemTime(1_002_500);
    interactive();
    expect(seen).toEqual(['click icon @1000000']);
    // From then on the page answers by itself.
    click('start');
    expect(seen).toEqual(['click icon @1000000', 'click start']);
  });

  it('lets the browser do what it does by itself: links, fields, labels, submit buttons', () => {
    start();
    byId('login').addEventListener('submit', (sent) => sent.preventDefault());
    for (const id of ['link', 'name', 'remember', 'label', 'send']) click(id);
    expect(seen.filter((line) => line.startsWith('click'))).toEqual([
      'click link',
      'click name',
      'click remember',
      'click label',
      // The label's own doing: it clicks its field.
      'click name',
      'click send',
    ]);
    interactive();
  });

  it('never lets the browser send a form, and has the app send it once', () => {
    start();
    const form = byId('login') as HTMLFormElement;
    const submits: (string | undefined)[] = [];
    form.addEventListener('submit', (event) => {
      submits.push((event.submitter as HTMLElement | null)?.id);
      event.preventDefault();
    });
    for (let i = 0; i < 3; i++) {
      const event = new SubmitEvent('submit', {
        bubbles: true,
        cancelable: true,
        submitter: byId('send'),
      });
      form.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
    expect(submits).toEqual([]);
    interactive();
    expect(submits).toEqual(['send']);
  });

  it('keeps Enter in a field as its form submission, whatever the submit button shows', () => {
    start();
    (byId('send') as HTMLButtonElement).disabled = true;
    const form = byId('login') as HTMLFormElement;
    let submitted = 0;
    form.addEventListener('submit', (event) => {
      submitted++;
      event.preventDefault();
    });
    expect(press('name', 'Enter')).toBe(false);
    expect(press('name', 'Enter')).toBe(false);
    (byId('send') as HTMLButtonElement).disabled = false;
    interactive();
    expect(submitted).toBe(1);
  });

  it('sends each submission with the values it was sent with, in turn, then leaves what was typed after', async () => {
    vi.useRealTimers();
    start();
    const form = byId('login') as HTMLFormElement;
    const name = byId('name') as HTMLInputElement;
    // The app: adds what the field holds, then empties it (as the to-do list does).
    const added: string[] = [];
    let heard = '';
    name.addEventListener('input', () => (heard = name.value));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      added.push(heard);
      name.value = '';
      heard = '';
    });
    for (const text of ['Outline', 'Draft', 'Draft', 'Review']) {
      name.value = text;
      expect(press('name', 'Enter')).toBe(false);
    }
    name.value = 'Half typed';
    heard = 'Half typed';
    interactive();
    await vi.waitFor(() => expect(added).toEqual(['Outline', 'Draft', 'Review']));
    await vi.waitFor(() => expect(name.value).toBe('Half typed'));
    expect(heard).toBe('Half typed');
  });

  it('leaves typing, Tab and the browser keys to the browser, and keeps the shortcuts', () => {
    start();
    expect(press('name', 'a')).toBe(true);
    expect(press('name', ' ')).toBe(true);
    expect(press(null, 'Tab')).toBe(true);
    expect(press(null, 'ArrowDown')).toBe(true);
    expect(press(null, 'l', { ctrlKey: true })).toBe(true);
    // Space on a focused button presses it: the browser's, and the click it makes is kept.
    expect(press('start', ' ')).toBe(true);
    expect(press(null, ' ')).toBe(false);
    vi.setSystemTime(1_000_400);
    expect(press(null, 's')).toBe(false);
    seen = [];
    vi.setSystemTime(1_003_000);
    interactive();
    expect(seen).toEqual(['keydown   BODY @1000000', 'keydown s BODY @1000400']);
  });

  it('hands over clicks, keys and submissions in the order they were made', () => {
    start();
    const form = byId('login') as HTMLFormElement;
    form.addEventListener('submit', (event) => event.preventDefault());
    click('show');
    press(null, 'f');
    form.requestSubmit(byId('send') as HTMLButtonElement);
    click('start');
    seen = [];
    interactive();
    expect(seen.map((line) => line.replace(/ @\d+$/, ''))).toEqual([
      'click show',
      'keydown f BODY',
      'submit login',
      'click start',
    ]);
  });

  it('keeps no more than it may, and drops what is gone from the page', () => {
    start();
    for (let i = 0; i < 8; i++) click('start');
    byId('start').remove();
    seen = [];
    interactive();
    expect(seen).toEqual([]);
  });

  it('says so when the app did not come, and hands over everything if it comes after all', () => {
    const failed = start();
    click('start');
    failed();
    failed();
    const notes = document.querySelectorAll('.boot-failed');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.getAttribute('role')).toBe('alert');
    expect(notes[0]!.textContent).toBe('The app did not start.');
    // Meanwhile nothing is sent by the browser.
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    byId('login').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    byId('login').addEventListener('submit', (sent) => sent.preventDefault());
    seen = [];
    interactive();
    expect(document.querySelector('.boot-failed')).toBeNull();
    expect(seen.map((line) => line.replace(/ @\d+$/, ''))).toEqual(['click start', 'submit login']);
  });
});
