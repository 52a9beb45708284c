import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page, Response, Route } from '@playwright/test';

/**
 * Playwright's `test`, as it is: a test acts the moment a control is visible, as a person does,
 * also while a pre-rendered page is still hydrating; what it does then is kept and honoured
 * (docs/decisions/048). One import for every spec (lint keeps them to it), so a fixture every
 * test needs has one place to go.
 */
export const test = base;
