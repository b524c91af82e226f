#!/usr/bin/env bash
# Security mutation testing (issue 19): applies each mutation of Scripts/mutations/list.txt in a scratch copy of
# this tree (.build-mutate/tree, kept between runs so builds stay incremental), runs the tests that should catch
# it, prints a table and the kill ratio. Exit 0: every mutation caught; 1: a survivor; 2: the list is stale.
#   Scripts/mutate.sh                 all mutations
#   Scripts/mutate.sh NAME...         only these
#   Scripts/mutate.sh --check         only check that every edit still matches the source
#   Scripts/mutate.sh --skip-baseline do not run the unmutated suite first (CI: swift test just ran)
#   Scripts/mutate.sh --in-place      mutate this tree and its .build (CI: saves a full build; files restored);
#                                     `package:` entries then build in INTEGRATIONS_BUILD when it is set
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Scripts/mutations/mutate.py "$@"
