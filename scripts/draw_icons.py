"""Developer tool: draw the app icons (static/web/icons/) once, from the favicon's card.

    .venv/bin/python scripts/draw_icons.py

The card of static/web/favicon.svg (a spade on a white card) on the felt, drawn by Chromium
(/usr/bin/chromium, `make chromium`) through Playwright: 192 and 512 px icons with rounded
corners, and a 512 px maskable one whose card stays inside the central safe zone (a circle
of 80 % of the icon) whatever shape the phone cuts. The PNGs are committed; run this only
to change them.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "static" / "web" / "icons"
CHROMIUM = "/usr/bin/chromium"
CARD = (
    '<rect x="8" y="4" width="48" height="56" rx="6" fill="#fdfdf8" stroke="#0b4029" '
    'stroke-width="3"/><text x="32" y="44" font-size="34" text-anchor="middle" '
    'font-family="DejaVu Sans, sans-serif" fill="#1b1b1b">&#9824;</text>'
)
# name: (size in px, the card's share of the icon's width, the corners' radius in px)
ICONS = {
    "icon-192.png": (192, 0.78, 192 * 0.18),
    "icon-512.png": (512, 0.78, 512 * 0.18),
    "icon-maskable-512.png": (512, 0.56, 0),
}


def svg(size: int, card_share: float, radius: float) -> str:
    """The icon: the felt (a radial gradient, as the table's) and the card centred on it."""
    box = size * card_share
    offset = (size - box) / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}"><defs><radialGradient id="felt">'
        '<stop offset="0" stop-color="#0f5c3a"/><stop offset="1" stop-color="#0b4029"/>'
        f'</radialGradient></defs><rect width="{size}" height="{size}" rx="{radius}" '
        f'fill="url(#felt)"/><g transform="translate({offset} {offset}) scale({box / 64})">'
        f"{CARD}</g></svg>"
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, share, radius) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0">{svg(size, share, radius)}</body>')
            page.screenshot(path=OUT / name, omit_background=True)
        browser.close()


if __name__ == "__main__":
    main()
