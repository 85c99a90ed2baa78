#!/usr/bin/env bash
# Regenerates every raster icon from the two SVG sources; the outputs are committed, so only run
# this after changing an SVG. Needs Debian's librsvg2-bin (rsvg-convert), icnsutils (png2icns)
# and icoutils (icotool): apt-get install librsvg2-bin icnsutils icoutils
#   icon.svg        the mark, drawn for 32 px and up
#   icon-small.svg  the same mark on the 16 px grid, so the smallest size stays sharp
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
public="$here/../src-renderer/public"
for tool in rsvg-convert png2icns icotool; do
  command -v "$tool" >/dev/null || { echo "make-icons: $tool is missing (apt-get install librsvg2-bin icnsutils icoutils)" >&2; exit 1; }
done

mkdir -p "$here/icons" "$public"
# Linux (electron-builder reads icons/NxN.png), the window icon, and the sources of .icns and .ico.
for size in 16 32 48 64 128 256 512 1024; do
  src="$here/icon.svg"
  [ "$size" = 16 ] && src="$here/icon-small.svg"
  rsvg-convert --width "$size" --height "$size" "$src" --output "$here/icons/${size}x${size}.png"
done

# macOS: the sizes the icns format has slots for.
png2icns "$here/icon.icns" "$here"/icons/{16x16,32x32,48x48,128x128,256x256,512x512,1024x1024}.png >/dev/null
# Windows: the small sizes as bitmaps, 256 as PNG inside the .ico (as Windows expects).
icotool --create --output "$here/icon.ico" "$here"/icons/{16x16,32x32,48x48,64x64}.png --raw="$here/icons/256x256.png"

# The browser tab's favicon, served from the built renderer (Vite copies public/ as is).
cp "$here/icons/16x16.png" "$public/favicon-16.png"
cp "$here/icons/32x32.png" "$public/favicon-32.png"
echo "make-icons: wrote resources/icons/*.png, icon.icns, icon.ico and src-renderer/public/favicon-{16,32}.png"
