/** getStaticPaths of the home-services area's routes (src/pages/), one function per route. */
import { readHomeServices } from './collection';
import { detailPagePaths, languagePagePaths } from '../../shell/page-paths';

export const homeServicesPaths = () =>
  languagePagePaths(async (lang) => {
    const services = await readHomeServices(lang);
    return { props: { services: services.map((e) => e.data) }, shows: [services] };
  });

export const homeServicePaths = () =>
  detailPagePaths(async (lang) =>
    (await readHomeServices(lang)).map((entry) => ({
      params: { id: entry.data.id },
      props: { service: entry.data },
      shows: [entry],
    })),
  );
