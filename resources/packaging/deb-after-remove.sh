#!/bin/bash
# After the LaneTerm deb is removed: its launcher link and its udev rules go with it.

rm -f '/usr/bin/${executable}'
rm -f /usr/lib/udev/rules.d/99-laneterm.rules
if hash udevadm 2>/dev/null; then
    udevadm control --reload-rules || true
fi
