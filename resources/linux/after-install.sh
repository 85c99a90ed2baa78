#!/bin/sh
# The deb's after-install (electron-builder.yml: deb.afterInstall), in place of electron-builder's
# default: that one links /usr/bin/zonedeck to the app's executable, but `zonedeck` on PATH is the
# command line. So /usr/bin/zonedeck is a small script that runs the packaged command line with the
# app's own Electron as plain Node (ELECTRON_RUN_AS_NODE, as VS Code's `code` does); the desktop
# entry and zonedeck:// links start the app by its full path. ZONEDECK_ROOT is for tests only.
set -e
root="${ZONEDECK_ROOT:-}"
app='/opt/Zonedeck'
mkdir -p "$root/usr/bin"
cat > "$root/usr/bin/zonedeck" <<WRAPPER
#!/bin/sh
# zonedeck: the command line of the Zonedeck app in $app (written by its package; see zonedeck --help).
ELECTRON_RUN_AS_NODE=1 exec "$root$app/zonedeck" "$root$app/resources/app.asar/out/main/cli.js" "\$@"
WRAPPER
chmod 0755 "$root/usr/bin/zonedeck"
# Electron's sandbox helper must be setuid root where user namespaces are off (electron-builder's default does this too).
chmod 4755 "$root$app/chrome-sandbox" 2>/dev/null || true
if [ -z "$root" ]; then
  update-mime-database /usr/share/mime >/dev/null 2>&1 || true
  update-desktop-database /usr/share/applications >/dev/null 2>&1 || true
fi
