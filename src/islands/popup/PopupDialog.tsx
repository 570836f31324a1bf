/**
 * The home popup as a native modal <dialog> (showModal gives the focus trap, the inert page
 * behind it and Escape for free). It is rendered on the server and usually already open when
 * this mounts: PopupSlot.astro's inline script opens it before React, by the same rules (not
 * after a close in this session), and this component adopts that state. Closes with its button, Escape or a click on the backdrop;
 * focus goes back to where it was; once closed it stays closed for the browser session
 * (sessionStorage, under the key of src/stores/popup.ts; see ./dismissed.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Popup } from '../../api/home';
import type { Lang } from '../../i18n/config';
import { isExternalPath, localizePath } from '../../i18n/paths';
import { isPopupDismissed, rememberPopupDismissed } from './dismissed';

/**
 * Focus back at the start of the page, for a popup that opened on page load (nothing was
 * focused before it): without this the next Tab would go on from the dialog, at the end of the
 * page. Same as the pre-React script in PopupSlot.astro.
 */
function focusPageStart() {
  const body = document.body;
  body.setAttribute('tabindex', '-1');
  body.focus({ preventScroll: true });
  body.removeAttribute('tabindex');
}

export interface PopupImageSize {
  width: number;
  height: number;
}

export function PopupDialog({ popup, lang, imageSize }: { popup: Popup; lang: Lang; imageSize?: PopupImageSize }) {
  const { t } = useTranslation('common');
  // null until decided after mounting, so the first effect run does not close a dialog that the
  // pre-React script has already opened.
  const [isModal, setModal] = useState<boolean | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  // Decided after mounting: sessionStorage exists only in the browser. When the pre-React script
  // already opened the dialog, this keeps it open (showModal is not called twice).
  useEffect(() => setModal(popup.isModal && (dialog.current?.open || !isPopupDismissed())), [popup]);

  useEffect(() => {
    const d = dialog.current;
    if (!d || isModal === null) return;
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
    else focusPageStart();
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
          <button type="button" autoFocus className="btn shrink-0" onClick={() => dialog.current?.close()} data-popup-close>
            <span aria-hidden="true">×</span> {t('popup.close')}
          </button>
        </div>
        {popup.path && (
          <img
            src={popup.path}
            alt={popup.title}
            width={imageSize?.width}
            height={imageSize?.height}
            fetchPriority="high"
            className="block max-w-full h-auto rounded"
          />
        )}
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
