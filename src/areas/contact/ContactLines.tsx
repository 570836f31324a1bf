/**
 * An office's contact details as a description list: address, phone, fax, email, hours.
 * A detail the office does not publish ('') is left out rather than shown empty.
 */
import type { Text } from '../../ui/text';

interface Props {
  address?: string;
  phone?: string;
  fax?: string;
  email?: string;
  hours?: string;
  /** The page's translator (the `contact` namespace is reached as `contact:…`). */
  t: Text;
}

const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;

export function ContactLines({ address = '', phone = '', fax = '', email = '', hours = '', t }: Props) {
  return (
    <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {address && (
        <>
          <dt className="font-bold">{t('contact:address')}</dt>
          <dd className="m-0">{address}</dd>
        </>
      )}
      {phone && (
        <>
          <dt className="font-bold">{t('contact:phone')}</dt>
          <dd className="m-0">
            <a href={tel(phone)}>{phone}</a>
          </dd>
        </>
      )}
      {fax && (
        <>
          <dt className="font-bold">{t('contact:fax')}</dt>
          <dd className="m-0">{fax}</dd>
        </>
      )}
      {email && (
        <>
          <dt className="font-bold">{t('contact:email')}</dt>
          <dd className="m-0 break-all">
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </>
      )}
      {hours && (
        <>
          <dt className="font-bold">{t('contact:hours')}</dt>
          <dd className="m-0">{hours}</dd>
        </>
      )}
    </dl>
  );
}
