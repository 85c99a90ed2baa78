#!/bin/sh
# The deb's after-remove: the command line's script goes with the app (see after-install.sh).
rm -f "${ZONEDECK_ROOT:-}/usr/bin/zonedeck"
