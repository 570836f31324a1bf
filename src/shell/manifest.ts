/** The shell's data: menus, footer, consent, link banners (src/shell/collection.ts). */
import { defineArea } from '../collections/area-manifest.ts';

export default defineArea({
  name: 'shell',
  records: ['menu'],
  collections: {
    menu: ['menu'],
    newMenu: ['menu'],
    quickMenu: ['menu'],
    footer: ['menu'],
    consent: [],
    linkBanners: [],
    exchangeLinks: [],
  },
});
