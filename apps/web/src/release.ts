// The release this bundle was built as (`version+commit`, stamped by vite.config.ts through
// `define`); undefined where no build stamped it (the dev server's tests).
declare const __COUNTERSIGN_RELEASE__: string | undefined;

export const appRelease: string | undefined =
  typeof __COUNTERSIGN_RELEASE__ === 'string' ? __COUNTERSIGN_RELEASE__ : undefined;
