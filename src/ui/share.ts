/**
 * The share panel's button (src/ui/SharePanel.astro), plain TypeScript, no framework: the Web
 * Share API where the browser has it, else the page's address copied to the clipboard, with
 * the outcome said in the panel's polite live region (so screen readers announce it). The LINE
 * and Facebook links are ordinary links and work without this script; nothing of theirs loads
 * until the visitor follows one.
 */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API or no permission: the old way, through a selected text field.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.className = 'sr-only';
    document.body.append(field);
    field.select();
    let done: boolean;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    field.remove();
    return done;
  }
}

for (const panel of document.querySelectorAll<HTMLElement>('[data-share]')) {
  const button = panel.querySelector<HTMLButtonElement>('[data-share-button]');
  const status = panel.querySelector<HTMLElement>('[data-share-status]');
  if (!button || !status) continue;
  const url = panel.dataset.url ?? location.href;
  const title = panel.dataset.title ?? document.title;
  const canShare = typeof navigator.share === 'function';
  button.textContent = (canShare ? panel.dataset.labelShare : panel.dataset.labelCopy) ?? button.textContent;
  button.hidden = false;
  button.addEventListener('click', async () => {
    status.textContent = '';
    if (canShare) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say. Any other failure: copy instead.
        if ((error as DOMException | null)?.name === 'AbortError') return;
      }
    }
    const copied = await copy(url);
    status.textContent = copied ? (panel.dataset.copied ?? '') : `${panel.dataset.copyFailed ?? ''} ${url}`;
  });
}
