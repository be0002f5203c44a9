/**
 * Prints the QR code alone, large and centred with its link under it, from a hidden frame: the
 * dashboard around it stays as it is and nothing opens in a new window (pop-up blockers).
 */
export async function printQrCode({ image, caption, title }: { image: string; caption: string; title: string }) {
  const frame = document.createElement('iframe')
  frame.setAttribute('aria-hidden', 'true')
  frame.tabIndex = -1
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden'
  document.body.append(frame)
  const page = frame.contentDocument
  const view = frame.contentWindow
  if (!page || !view) {
    frame.remove()
    return
  }
  // Built node by node: the caption is data, never markup.
  page.title = title
  const style = page.createElement('style')
  style.textContent = `@page { size: A4; margin: 1cm }
    body { margin: 0; min-height: 90vh; display: flex; flex-direction: column; align-items: center;
      justify-content: center; gap: 16px; font: 14px system-ui, sans-serif; color: #000 }
    img { width: 9cm; height: 9cm; image-rendering: pixelated }
    p { margin: 0; word-break: break-all; text-align: center }`
  page.head.append(style)
  const picture = page.createElement('img')
  picture.src = image
  picture.alt = title
  const text = page.createElement('p')
  text.textContent = caption
  page.body.append(picture, text)
  const remove = () => frame.remove()
  view.addEventListener('afterprint', remove, { once: true })
  try {
    await picture.decode()
  } catch {
    // Print anyway: the caption still says where the code leads.
  }
  view.focus()
  view.print()
  // Browsers without afterprint (or a print that returned at once) still clean up.
  window.setTimeout(remove, 60_000)
}
