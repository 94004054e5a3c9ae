#!/usr/bin/env bash
# A clone with nothing beside it (no ../shared, no card data set, no SPEC): the README's test
# command still sets everything up and passes. Runs the parts of the suite that read the card
# facts, the docs and the deploy settings; the full suite already ran on this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/spellfire"
cd "$work/spellfire"
[ ! -e ../shared ] || { echo "fresh clone: ../shared exists beside $work/spellfire" >&2; exit 1; }
env -u DATABASE_URL -u REDIS_URL -u SPELLFIRE_CARD_DATA \
  scripts/test.sh -q -p no:randomly tests/decks tests/scoring tests/foundation tests/deploy
