import pkg from '../../package.json';

/** The web app's version, as shown in Settings (from apps/web/package.json at build time). */
export const APP_VERSION: string = pkg.version;
