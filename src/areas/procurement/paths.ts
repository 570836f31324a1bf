/** getStaticPaths of the procurement area's routes (src/pages/), one function per route. */
import { readPurchases } from './collection';
import { listPagePaths, detailPagePaths } from '../../shell/page-paths';

export const procurementPaths = () =>
  listPagePaths(async (lang) => {
    const { purchases, groups } = await readPurchases(lang);
    return [{ entries: purchases, props: { groups: groups?.data.items ?? [] }, shows: [groups] }];
  });

export const purchasePaths = () =>
  detailPagePaths(async (lang) =>
    (await readPurchases(lang)).purchases.map((entry) => ({
      params: { uuid: entry.data.uuid },
      props: { purchase: entry.data },
      shows: [entry],
    })),
  );

export const procurementGroupPaths = () =>
  listPagePaths(async (lang) => {
    const { purchases, groups } = await readPurchases(lang);
    const all = groups?.data.items ?? [];
    return all.map((group) => ({
      params: { gid: group.id },
      entries: purchases.filter((e) => e.data.group.id === group.id),
      props: { groups: all, group },
      shows: [groups],
    }));
  });
