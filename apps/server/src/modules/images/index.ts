// The image-resizing endpoint's module: the installation's own images (business logos) drawn at a
// size and format, from storage only (no address is ever fetched).
export { registerImageRoutes } from './routes.js';
export { businessLogoSource, type ImageSource } from './sources.js';
export { createRenderCache } from './render-cache.js';
export type { ResizeImageDeps } from './resize-image.js';
