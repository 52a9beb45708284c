/** What home offers the rest of the app (docs/decisions/066): the first screen's page, in the entry. */
export { HomePage } from './home-page';
