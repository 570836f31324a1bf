/**
 * The portal's theme (spec point 2): breakpoints, base font, page width, primary colour
 * and the three colour modes. Colours are CSS variables switched by data attributes on
 * <html>, set before first paint by the layout's inline script:
 *
 *   data-theme="light|dark"                absent → follows prefers-color-scheme
 *   data-display="normalmode|highcontrast" high contrast wins over dark
 *   data-fontsize="fontNormal|fontLarge|fontLarger"
 *
 * Every pair of text and background colour below meets WCAG 2.1 AA (4.5:1 for text,
 * 3:1 for borders and focus rings) in its mode; the e2e suite runs axe on all three.
 */
import { defineConfig, presetWind3 } from 'unocss';

/** Spec point 2 breakpoints (min-width). */
export const BREAKPOINTS = { xs: '0px', sm: '767px', md: '1024px', lg: '1280px', xl: '1920px' } as const;
export const MAX_PAGE_WIDTH = '1920px';
export const PRIMARY = '#202020';

const light = {
  bg: '#ffffff',
  fg: PRIMARY, // 16.1:1 on bg
  muted: '#505050', // 8.2:1 on bg, 7.5:1 on surface
  surface: '#f3f4f6',
  border: '#767676', // 4.5:1: form borders stay visible
  primary: PRIMARY,
  'on-primary': '#ffffff', // 16.1:1 on primary
  'on-primary-muted': '#d4d4d4', // 11:1 on primary
  link: '#0a55a0', // 7.2:1 on bg, 6.6:1 on surface
  accent: '#c8a14a', // decorative rules only, never text
  focus: '#0a55a0',
  'focus-on-primary': '#ffd166', // 11.6:1 on primary
  notice: '#fff8e1',
};

const dark = {
  bg: '#121212',
  fg: '#ededed', // 15.9:1
  muted: '#bdbdbd', // 10:1 on bg, 9:1 on surface
  surface: '#1e1e1e',
  border: '#8a8a8a',
  primary: PRIMARY, // header and footer keep the agency's dark grey
  'on-primary': '#ffffff',
  'on-primary-muted': '#d4d4d4',
  link: '#8cc4ff', // 9.9:1 on bg
  accent: '#c8a14a',
  focus: '#8cc4ff',
  'focus-on-primary': '#ffd166',
  notice: '#2a2414',
};

const highContrast = {
  bg: '#000000',
  fg: '#ffffff', // 21:1
  muted: '#ffffff',
  surface: '#000000',
  border: '#ffffff',
  primary: '#000000',
  'on-primary': '#ffffff',
  'on-primary-muted': '#ffffff',
  link: '#ffeb3b', // 18.6:1
  accent: '#ffeb3b',
  focus: '#ffeb3b',
  'focus-on-primary': '#ffeb3b',
  notice: '#000000',
};

type Palette = typeof light;
const vars = (p: Palette) =>
  Object.entries(p)
    .map(([name, value]) => `--c-${name}:${value};`)
    .join('');

/** Text size steps of the display controls (the `fontsize` setting). */
export const FONT_SCALE = { fontNormal: 1, fontLarge: 1.125, fontLarger: 1.25 } as const;

const preflight = `
:root{${vars(light)}--font-scale:1;color-scheme:light;}
@media (prefers-color-scheme: dark){:root:not([data-theme]){${vars(dark)}color-scheme:dark;}}
:root[data-theme="dark"]{${vars(dark)}color-scheme:dark;}
:root[data-display="highcontrast"]{${vars(highContrast)}color-scheme:dark;}
:root[data-fontsize="fontLarge"]{--font-scale:${FONT_SCALE.fontLarge};}
:root[data-fontsize="fontLarger"]{--font-scale:${FONT_SCALE.fontLarger};}

/* Base font 25px from the lg breakpoint up (spec point 2). A cheap 360-390px phone gets
   16px instead: at 25px a Thai line would hold about 14 characters and every paragraph
   would become a column of fragments. The size grows with the viewport in between, is
   expressed in rem so the visitor's own browser text setting still scales it, and is
   multiplied by the fontsize display setting. */
html{
  font-size:calc(clamp(1rem, 0.55rem + 1.3vw, 1.5625rem) * var(--font-scale));
  -webkit-text-size-adjust:100%;
  text-size-adjust:100%;
}
body{
  margin:0;
  background:var(--c-bg);
  color:var(--c-fg);
  font-family:'Sarabun','Sarabun Fallback','Noto Sans Thai','Leelawadee UI','Tahoma',system-ui,sans-serif;
  /* Thai stacks tone marks above vowels above consonants: 1.7 keeps two lines of
     stacked marks from touching (>= 1.6 is the floor). */
  line-height:1.7;
  overflow-wrap:break-word;
}
h1,h2,h3,h4{line-height:1.45;}
a{color:var(--c-link);text-underline-offset:0.18em;}
:root[data-display="highcontrast"] a{text-decoration:underline;}
:where(a,button,input,select,textarea,summary,[tabindex]):focus-visible{
  outline:3px solid var(--c-focus);
  outline-offset:2px;
}
img,svg,video{max-width:100%;height:auto;}
@media (prefers-reduced-motion: reduce){*,*::before,*::after{animation:none!important;transition:none!important;scroll-behavior:auto!important;}}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0;}
`;

export default defineConfig({
  presets: [presetWind3({ dark: { dark: ':root[data-theme="dark"]', light: ':root[data-theme="light"]' } })],
  theme: {
    breakpoints: BREAKPOINTS,
    maxWidth: { page: MAX_PAGE_WIDTH },
    colors: Object.fromEntries(Object.keys(light).map((name) => [name, `var(--c-${name})`])),
    fontFamily: { sans: "'Sarabun','Sarabun Fallback','Noto Sans Thai','Leelawadee UI','Tahoma',system-ui,sans-serif" },
  },
  shortcuts: {
    'page-width': 'mx-auto w-full max-w-page px-4 sm:px-6 lg:px-10 box-border',
    'link-plain': 'text-inherit no-underline hover:underline focus-visible:underline',
    btn: 'inline-flex items-center justify-center gap-2 min-h-11 min-w-11 px-3 rounded border border-solid border-border bg-bg text-fg cursor-pointer font-inherit text-base leading-tight',
  },
  preflights: [{ getCSS: () => preflight }],
});
