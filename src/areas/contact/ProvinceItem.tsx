/**
 * One provincial office: province, office, contact lines. ProvincePage.astro renders it
 * statically under its region's heading; the provinces filter island (filter.tsx) renders it
 * for its live results, where the results are not grouped, with the region above the name. The
 * name is an h3 in both: under the region's h2 in the page, under the filter's h2 live.
 */
import type { Text } from '../../ui/text';
import type { ProvinceContact } from './api';
import { ContactLines } from './ContactLines';

interface Props {
  province: Pick<ProvinceContact, 'id' | 'province' | 'office' | 'address' | 'phone' | 'email'> & {
    region: { title: string };
  };
  t: Text;
  /** Live results are not grouped by region: they name it above the province. */
  showRegion?: boolean;
}

export function ProvinceItem({ province: p, t, showRegion = false }: Props) {
  return (
    <article className="rounded border border-solid border-border/40 bg-surface p-4 flex flex-col gap-2 h-full">
      {showRegion && (
        <p className="m-0 text-sm text-muted" data-region-label>
          {p.region.title}
        </p>
      )}
      <h3 className="m-0 text-base font-bold">{p.province}</h3>
      <p className="m-0">{p.office}</p>
      <ContactLines address={p.address} phone={p.phone} email={p.email} t={t} />
    </article>
  );
}
