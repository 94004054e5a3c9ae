#!/usr/bin/env bash
# The user guide's screenshots: the demo's real pages in English and Brazilian Portuguese,
# taken by the browser test tests/ui/test_guide_screenshots.py (headless Chromium) and
# written into the guide (tournament/help/static/help/<language>/). Commit what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || scripts/setup.sh
GUIDE_SCREENSHOTS=1 exec .venv/bin/python -m pytest -p no:xdist -q -m browser \
    tests/ui/test_guide_screenshots.py "$@"
