/**
 * What a person does on a pre-rendered page before the app has taken it over (docs/decisions/048).
 *
 * The page is real HTML from its first paint, so most of it simply works without the app: a
 * field takes typing, paste, autofill and IME composition, Tab moves focus, a checkbox or radio
 * toggles, a link goes where it points. The app adopts those values as it hydrates
 * (`useAdoptEarlyInput`, lib/early-input.ts). What needs the app, this keeps and hands over once
 * the app says it answers (`interactiveEvent` on <html>), in the order the person acted:
 * - a click on a control that only the app can answer (a button that is not a form's submit,
 *   a tab, the timer's Start): kept from the page, clicked again for the app;
 * - a form's submission (its submit button, or Enter in a field): never sent by the browser
 *   itself (a GET with the password in the address), submitted by the app with the values its
 *   fields held when it was sent: three to-dos typed and sent one after another are three
 *   to-dos, and the same values sent twice (an impatient second press) are sent once;
 * - a key that is no typing, no browser key (Tab, arrows, Escape) and no press of the focused
 *   control: the timer's shortcuts (Space, R, S, F, ?), pressed again for the app.
 * Each replayed event carries the time the person acted (`timeProperty`), so a Start pressed at
 * the first paint starts the timer then, not when the app arrived.
 *
 * Should the app not arrive (its script fails, or it has not answered `failAfterMs` after its
 * script ran), a note says so (`failedMessage`), and nothing is sent by the browser meanwhile;
 * if the app answers after all, the note goes and everything kept is handed over.
 *
 * Self-contained on purpose, like the rest of the boot file: the build writes its source text
 * into that file (no imports, no closures), and tests call it directly. Returns what the loader
 * calls when the app's script failed to load or to answer.
 */
export function keepEarlyInput(
  doc: Document,
  win: Window & typeof globalThis,
  options: {
    interactiveEvent: string;
    bootingAttribute: string;
    timeProperty: string;
    failedMessage: string;
    failedClass: string;
    maxKept: number;
  },
): () => void {
  const html = doc.documentElement;
  if (!html.getAttribute('data-entry')) return () => undefined;
  html.setAttribute(options.bootingAttribute, '');

  /** Elements whose own behaviour needs no app: the browser does what the person asked. */
  const FIELDS = 'input, textarea, select, label, [contenteditable]';
  const NATIVE = 'a[href], summary, ' + FIELDS;
  /** Keys on these belong to them (typing; Space or Enter pressing a focused control). */
  /** Fields in which Enter does not submit the form. */
  const NOT_SUBMITTING = /^(checkbox|radio|button|submit|reset|file|image|range|color|hidden)$/;
  const KEY_OWNERS =
    NATIVE +
    ', button, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="radio"], [role="menuitem"], [role="option"]';

  /** A field a submission sends, and what it held then. */
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  type Values = [Field, string][];
  type Kept =
    | { kind: 'click'; target: Element; at: number; init: MouseEventInit }
    | {
        kind: 'submit';
        target: HTMLFormElement;
        at: number;
        submitter: HTMLElement | null;
        values: Values;
      }
    | { kind: 'key'; target: Element; at: number; init: KeyboardEventInit };
  const kept: Kept[] = [];
  let waiting = true;
  let note: HTMLElement | null = null;

  /** The wall-clock time of an event: its own time stamp, not the time it is handled. */
  const timeOf = (event: Event): number =>
    Date.now() - Math.max(0, win.performance.now() - event.timeStamp);
  const elementOf = (event: Event): Element | null => {
    const target = event.target as Node | null;
    if (!target) return null;
    return target.nodeType === 1 ? (target as Element) : target.parentElement;
  };
  const keep = (entry: Kept): void => {
    if (kept.length < options.maxKept) kept.push(entry);
  };
  const withhold = (event: Event): void => {
    event.stopImmediatePropagation();
    event.preventDefault();
  };

  const onClick = (event: MouseEvent): void => {
    const target = elementOf(event);
    if (!waiting || !target || target.closest(NATIVE)) return;
    const button = target.closest('button');
    // A submit button's click goes on: the submission it makes is kept below.
    if (button && button.type === 'submit' && button.form) return;
    withhold(event);
    keep({
      kind: 'click',
      target,
      at: timeOf(event),
      init: {
        button: event.button,
        detail: event.detail,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
      },
    });
  };
  /** The form's typed fields (text, password, email, number, textarea, select) and their values. */
  const valuesOf = (form: HTMLFormElement): Values => {
    const values: Values = [];
    for (const element of Array.from(form.elements)) {
      const tag = element.tagName;
      if (tag === 'TEXTAREA' || tag === 'SELECT') {
        values.push([element as Field, (element as Field).value]);
      } else if (tag === 'INPUT' && !NOT_SUBMITTING.test((element as HTMLInputElement).type)) {
        values.push([element as Field, (element as HTMLInputElement).value]);
      }
    }
    return values;
  };
  const sameValues = (a: Values, b: Values): boolean =>
    a.length === b.length &&
    a.every(([field, value], i) => b[i]?.[0] === field && b[i]?.[1] === value);
  /**
   * Sent again with the same values (a second press while nothing seemed to happen): once, at
   * the place of the last press. Other values are another submission, kept in turn.
   */
  const keepSubmission = (form: HTMLFormElement, submitter: HTMLElement | null, at: number) => {
    const values = valuesOf(form);
    for (let i = kept.length - 1; i >= 0; i--) {
      const entry = kept[i]!;
      if (entry.kind === 'submit' && entry.target === form && sameValues(entry.values, values)) {
        kept.splice(i, 1);
      }
    }
    keep({ kind: 'submit', target: form, at, submitter, values });
  };
  const onSubmit = (event: SubmitEvent): void => {
    const form = event.target as HTMLFormElement | null;
    if (!waiting || !form) return;
    withhold(event);
    keepSubmission(form, event.submitter, timeOf(event));
  };
  const onKey = (event: KeyboardEvent): void => {
    if (!waiting || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    const target = elementOf(event);
    // Enter in a form's field submits it, also while the page's submit button still shows
    // disabled (the app enables it as the field fills): kept as that form's submission.
    const field = target && target.tagName === 'INPUT' ? (target as HTMLInputElement) : null;
    if (event.key === 'Enter' && field && field.form && !NOT_SUBMITTING.test(field.type)) {
      withhold(event);
      keepSubmission(field.form, null, timeOf(event));
      return;
    }
    if (event.key.length !== 1) return;
    if (target && target.closest(KEY_OWNERS)) return;
    withhold(event);
    keep({
      kind: 'key',
      target: target ?? doc.body,
      at: timeOf(event),
      init: { key: event.key, code: event.code, shiftKey: event.shiftKey, repeat: event.repeat },
    });
  };

  win.addEventListener('click', onClick, true);
  win.addEventListener('submit', onSubmit, true);
  win.addEventListener('keydown', onKey, true);

  const stamp = <E extends Event>(event: E, at: number): E => {
    Object.defineProperty(event, options.timeProperty, { value: at });
    return event;
  };
  /**
   * Puts `values` in their fields as typing would (the app hears an input or change event);
   * true when any field held something else.
   */
  const fill = (values: Values): boolean => {
    let changed = false;
    for (const [field, value] of values) {
      if (!field.isConnected || field.value === value) continue;
      const proto = Object.getPrototypeOf(field) as object;
      const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
      if (setter) setter.call(field, value);
      else field.value = value;
      field.dispatchEvent(
        new win.Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }),
      );
      changed = true;
    }
    return changed;
  };
  const replay = (entry: Kept): void => {
    if (entry.kind === 'submit') {
      const form = entry.target;
      if (!form.isConnected) return;
      const submitter =
        entry.submitter &&
        entry.submitter.isConnected &&
        (entry.submitter as HTMLButtonElement).form === form
          ? entry.submitter
          : null;
      if (submitter) form.requestSubmit(submitter);
      else form.requestSubmit();
      return;
    }
    const flags = { bubbles: true, cancelable: true, composed: true };
    if (entry.kind === 'click') {
      if (!entry.target.isConnected) return;
      entry.target.dispatchEvent(
        stamp(new win.MouseEvent('click', { ...flags, ...entry.init }), entry.at),
      );
      return;
    }
    const target = entry.target.isConnected ? entry.target : doc.body;
    target.dispatchEvent(
      stamp(new win.KeyboardEvent('keydown', { ...flags, ...entry.init }), entry.at),
    );
  };

  html.addEventListener(
    options.interactiveEvent,
    () => {
      waiting = false;
      win.removeEventListener('click', onClick, true);
      win.removeEventListener('submit', onSubmit, true);
      win.removeEventListener('keydown', onKey, true);
      if (note) note.remove();
      const entries = kept.splice(0);
      // What the fields hold now: text typed after a field's last submission stays there.
      const now = new Map<Field, string>();
      const last = new Map<Field, string>();
      for (const entry of entries) {
        if (entry.kind !== 'submit') continue;
        for (const [field, value] of entry.values) {
          if (!now.has(field)) now.set(field, field.value);
          last.set(field, value);
        }
      }
      const step = (from: number): void => {
        for (let i = from; i < entries.length; i++) {
          const entry = entries[i]!;
          // A submission whose fields now hold other values gets its own back first, and is
          // sent a task later, once the app has heard them; the next waits for the app too.
          if (entry.kind === 'submit' && fill(entry.values)) {
            win.setTimeout(() => {
              replay(entry);
              win.setTimeout(() => step(i + 1), 0);
            }, 0);
            return;
          }
          replay(entry);
        }
        const after: Values = [];
        for (const [field, value] of now) if (last.get(field) !== value) after.push([field, value]);
        fill(after);
      };
      step(0);
    },
    { once: true },
  );

  return () => {
    if (!waiting || note || !doc.body) return;
    note = doc.createElement('div');
    note.className = options.failedClass;
    note.setAttribute('role', 'alert');
    // The page's own language when the build wrote it (decision 076), else English.
    note.textContent = html.getAttribute('data-boot-failed') || options.failedMessage;
    doc.body.appendChild(note);
  };
}
