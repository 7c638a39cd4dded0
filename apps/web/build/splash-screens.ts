import type { Plugin } from 'vite';

/**
 * The launch screens iOS shows while an installed app starts (it does not draw one from
 * the manifest as Android does): one picture per screen size, portrait (the manifest's
 * orientation), chosen by media query. Drawn by scripts/render-icons.ts into
 * public/splash/; linked from the built HTML by `splashScreens()`.
 */
export interface SplashScreen {
  /** CSS pixels, portrait. */
  width: number;
  height: number;
  ratio: 2 | 3;
}

export const SPLASH_SCREENS: readonly SplashScreen[] = [
  { width: 1024, height: 1366, ratio: 2 }, // iPad Pro 12.9"
  { width: 834, height: 1194, ratio: 2 }, // iPad Pro 11"
  { width: 820, height: 1180, ratio: 2 }, // iPad Air 10.9"
  { width: 810, height: 1080, ratio: 2 }, // iPad 10.2"
  { width: 768, height: 1024, ratio: 2 }, // iPad 9.7", iPad mini 5
  { width: 744, height: 1133, ratio: 2 }, // iPad mini 6
  { width: 440, height: 956, ratio: 3 }, // iPhone 16 Pro Max
  { width: 402, height: 874, ratio: 3 }, // iPhone 16 Pro
  { width: 430, height: 932, ratio: 3 }, // iPhone 14 Pro Max, 15 Plus / Pro Max, 16 Plus
  { width: 393, height: 852, ratio: 3 }, // iPhone 14 Pro, 15, 15 Pro, 16
  { width: 428, height: 926, ratio: 3 }, // iPhone 12/13 Pro Max, 14 Plus
  { width: 390, height: 844, ratio: 3 }, // iPhone 12, 13, 14
  { width: 375, height: 812, ratio: 3 }, // iPhone X, XS, 11 Pro, 12/13 mini
  { width: 414, height: 896, ratio: 3 }, // iPhone XS Max, 11 Pro Max
  { width: 414, height: 896, ratio: 2 }, // iPhone XR, 11
  { width: 414, height: 736, ratio: 3 }, // iPhone 8 Plus
  { width: 375, height: 667, ratio: 2 }, // iPhone 8, SE 2/3
  { width: 320, height: 568, ratio: 2 }, // iPhone SE (1st)
];

export const splashFile = (s: SplashScreen): string =>
  `splash-${s.width * s.ratio}x${s.height * s.ratio}.png`;

export const splashMedia = (s: SplashScreen): string =>
  `screen and (device-width: ${s.width}px) and (device-height: ${s.height}px) and ` +
  `(-webkit-device-pixel-ratio: ${s.ratio}) and (orientation: portrait)`;

/** The `<link rel="apple-touch-startup-image">` of each launch screen, in the built HTML. */
export function splashScreens(): Plugin {
  return {
    name: 'pipwise:splash-screens',
    apply: 'build',
    transformIndexHtml: () =>
      SPLASH_SCREENS.map((screen) => ({
        tag: 'link',
        attrs: {
          rel: 'apple-touch-startup-image',
          media: splashMedia(screen),
          href: `/splash/${splashFile(screen)}`,
        },
        injectTo: 'head' as const,
      })),
  };
}
