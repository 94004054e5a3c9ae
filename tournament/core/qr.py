"""QR codes as inline SVG (no image files, so the PDF renderer needs nothing but the HTML):
shared by printed sheets and the venue's projector."""

import segno


def qr_svg(data: str, scale: int = 2) -> str:
    """An inline <svg> of the QR code for `data`, sized by CSS.

    The mask is fixed: searching the best of eight took three quarters of the time spent
    building a round's sheets (729 codes), and any mask scans."""
    code = segno.make(data, error="m", mask=0, micro=False, boost_error=False)
    return code.svg_inline(scale=scale, border=1, omitsize=True)
