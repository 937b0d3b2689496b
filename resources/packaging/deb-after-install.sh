#!/bin/bash
# After the LaneTerm deb is installed: the launcher link, Electron's sandbox helper, and the udev
# rules for payment devices copied to /usr/lib/udev/rules.d and applied to devices plugged in now.

ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'

# Chromium's SUID sandbox helper, only where the kernel has no unprivileged user namespaces.
if ! { [[ -L /proc/self/ns/user ]] && unshare --user true; }; then
    chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
else
    chmod 0755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
fi

if hash update-desktop-database 2>/dev/null; then
    update-desktop-database /usr/share/applications || true
fi

install -D -m 0644 '/opt/${sanitizedProductName}/resources/udev/99-laneterm.rules' \
    /usr/lib/udev/rules.d/99-laneterm.rules

if hash udevadm 2>/dev/null; then
    udevadm control --reload-rules || true
    udevadm trigger --subsystem-match=tty --subsystem-match=hidraw --subsystem-match=usb || true
fi
