/**
 * The home popup as a native modal <dialog> (showModal gives the focus trap, the inert page
 * behind it and Escape for free). Rendered on the server; PopupSlot.astro's inline script opens
 * it as the page paints (when the API said isModal and it was not closed in this browser
 * session) and handles closing until this island hydrates, on the first interaction with the
 * dialog. From then on this component does: it closes with its button (a `method="dialog"`
 * form's, which closes it without script), Escape or a click on the backdrop, remembers that for the session (sessionStorage, under the key of
 * src/areas/home/popup/store.ts; see ./dismissed.ts) and puts focus back at the start of the page.
 */
import { useTranslation } from '../../../ui/island/translation';
import type { Popup } from '../api';
import type { Lang } from '../../../i18n/config';
import { isExternalPath, localizePath } from '../../../i18n/paths';
import { POPUP_DISMISSED_KEY, rememberPopupDismissed } from './dismissed';

export interface PopupImageSize {
  width: number;
  height: number;
}

/**
 * Focus back at the start of the page. The popup opened on page load, before anything was
 * focused, so that is where focus was; without this the next Tab would go on from the dialog,
 * at the end of the page. (The same as the pre-React script.)
 */
function focusPageStart() {
  const body = document.body;
  body.tabIndex = -1;
  body.focus({ preventScroll: true });
  body.removeAttribute('tabindex');
}

export function PopupDialog({ popup, lang, imageSize }: { popup: Popup; lang: Lang; imageSize?: PopupImageSize }) {
  const { t } = useTranslation('common');

  // Every way of closing (button, Escape, backdrop) ends in the dialog's close event.
  function onClose() {
    rememberPopupDismissed();
    focusPageStart();
  }

  const link = popup.link ? (isExternalPath(popup.link) ? popup.link : localizePath(popup.link, lang)) : null;
  const external = link !== null && isExternalPath(link);

  return (
    // A click on the backdrop closes it; the keyboard's way out is Escape and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      aria-labelledby="home-popup-title"
      onClose={onClose}
      // A click on the backdrop lands on the <dialog> itself; clicks on the content land inside it.
      // The keyboard's way out is the dialog's own Escape and the close button.
      onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
      className="p-0 border-0 rounded-lg max-w-[min(40rem,92vw)] max-h-[90vh] bg-bg text-fg backdrop:bg-black/60"
      data-home-popup
      data-dismiss-key={POPUP_DISMISSED_KEY}
    >
      <form method="dialog" className="p-5 flex flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <h2 id="home-popup-title" className="m-0 text-xl">
            {popup.title}
          </h2>
          {/* A modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button autoFocus className="btn shrink-0">
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
            <a
              href={link}
              rel={external ? 'noopener' : undefined}
              className="btn bg-primary text-on-primary border-primary no-underline"
            >
              {t('popup.open')}
            </a>
          </p>
        )}
      </form>
    </dialog>
  );
}
