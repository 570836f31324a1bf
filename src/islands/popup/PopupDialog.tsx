/**
 * The home popup as a native modal <dialog> (showModal gives the focus trap, the inert page
 * behind it and Escape for free). Closes with its button, Escape or a click on the backdrop;
 * focus goes back to where it was; once closed it stays closed for the browser session
 * (sessionStorage, under the key of src/stores/popup.ts; see ./dismissed.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../shared/translation';
import type { Popup } from '../../api/home';
import type { Lang } from '../../i18n/config';
import { isExternalPath, localizePath } from '../../i18n/paths';
import { isPopupDismissed, rememberPopupDismissed } from './dismissed';

export function PopupDialog({ popup, lang }: { popup: Popup; lang: Lang }) {
  const { t } = useTranslation('common');
  const [isModal, setModal] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  // Decided after mounting: sessionStorage exists only in the browser.
  useEffect(() => setModal(popup.isModal && !isPopupDismissed()), [popup]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (isModal && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    } else if (!isModal && d.open) {
      d.close();
    }
  }, [isModal]);

  // Every way of closing (button, Escape, backdrop) ends in the dialog's close event.
  function onClose() {
    rememberPopupDismissed();
    setModal(false);
    const back = opener.current;
    if (back instanceof HTMLElement && back !== document.body && back.isConnected) back.focus();
  }

  const link = popup.link ? (isExternalPath(popup.link) ? popup.link : localizePath(popup.link, lang)) : null;
  const external = link !== null && isExternalPath(link);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="home-popup-title"
      onClose={onClose}
      // A click on the backdrop lands on the <dialog> itself; clicks on the content land inside it.
      onClick={(e) => e.target === dialog.current && dialog.current.close()}
      className="p-0 border-0 rounded-lg max-w-[min(40rem,92vw)] max-h-[90vh] bg-bg text-fg backdrop:bg-black/60"
      data-home-popup
    >
      <div className="p-5 flex flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <h2 id="home-popup-title" className="m-0 text-xl">
            {popup.title}
          </h2>
          <button type="button" autoFocus className="btn shrink-0" onClick={() => dialog.current?.close()}>
            <span aria-hidden="true">×</span> {t('popup.close')}
          </button>
        </div>
        {popup.path && <img src={popup.path} alt={popup.title} className="block max-w-full h-auto rounded" />}
        {popup.text && <p className="m-0 whitespace-pre-line">{popup.text}</p>}
        {link && (
          <p className="m-0">
            <a href={link} rel={external ? 'noopener' : undefined} className="btn bg-primary text-on-primary border-primary no-underline">
              {t('popup.open')}
            </a>
          </p>
        )}
      </div>
    </dialog>
  );
}
