// The sandbox module's façade (ADR 068): the frame of a sandbox page, for other sandboxes' pages.
export { acceptFormPosts, sandboxPage } from './page.js';
