#!/usr/bin/env bash
# Python environments for the tools, made from the checked-in requirements (exact versions, dependencies included)
# and never from the machine's own packages (Scripts/requirements/README.md).
#   Scripts/venv.sh NAME             prints the folder of the environment of Scripts/requirements/NAME.txt
#   Scripts/venv.sh NAME CMD ARG…    runs CMD from that environment's bin/ (`Scripts/venv.sh web python3 x.py`)
#   Scripts/venv.sh --all            makes every environment of Scripts/requirements/*.txt (.ci/run's provision step)
# An environment is made on first use, in the CI cache outside the clone (${PUREJOSE_CI_CACHE:-~/.cache/purejose-ci}),
# in a folder named by the hash of its requirements file and of the Python it is made from: a later run, or another
# clone on this machine, reuses it; an edited requirements file makes a new one. pip installs exactly the listed
# versions (--no-deps) and `pip check` then fails when the list lacks a dependency; when a pinned version cannot be
# had (no network, no such version) the script says so and fails: nothing falls back to the machine's packages.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
reqdir=$root/Scripts/requirements
cache=${PUREJOSE_CI_CACHE:-$HOME/.cache/purejose-ci}
mkdir -p "$cache"; cache=$(cd "$cache" && pwd -P)   # the physical path, as Scripts/integrations-cache.sh
python=${PUREJOSE_PYTHON:-python3}

# The environment's folder for requirements NAME (not made here).
venv_dir() {
    local req=$reqdir/$1.txt key
    [[ -f $req ]] || { echo "venv.sh: no requirements file $req" >&2; exit 2; }
    key=$({ cat "$req"; "$python" -c 'import sys; print(sys.version, sys.executable)'; } | sha256sum | cut -c1-12)
    echo "$cache/venv-$1-$key"
}

# Makes the environment for NAME unless it is complete already; prints nothing on success when it was there.
venv_make() {
    local name=$1 dir req=$reqdir/$1.txt log
    dir=$(venv_dir "$name")
    [[ -f $dir/.complete ]] && return 0
    mkdir -p "$cache"
    exec 9> "$dir.lock"
    flock 9
    if [[ ! -f $dir/.complete ]]; then
        rm -rf "$dir"
        log=$(mktemp)
        echo "[venv] making $dir from Scripts/requirements/$name.txt" >&2
        if "$python" -m venv "$dir" > "$log" 2>&1 &&
           "$dir/bin/python" -m pip install --quiet --disable-pip-version-check --no-input --no-deps \
               -r "$req" >> "$log" 2>&1 &&
           "$dir/bin/python" -m pip check >> "$log" 2>&1; then
            "$dir/bin/python" -m pip freeze --disable-pip-version-check > "$dir/.complete"
        else
            cat "$log" >&2
            rm -rf "$dir" "$log"
            echo "[venv] FAILED: the pinned versions of Scripts/requirements/$name.txt cannot be installed" \
                 "(PyPI unreachable, a version withdrawn, or a dependency missing from the list: see pip's words above)." \
                 "Nothing falls back to the machine's packages." >&2
            exit 3
        fi
        rm -f "$log"
    fi
    exec 9>&-
}

case ${1:-} in
    ""|-h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    --all)
        for req in "$reqdir"/*.txt; do
            name=$(basename "$req" .txt)
            venv_make "$name"
            echo "[venv] $name: $(venv_dir "$name") ($(grep -cvE '^\s*(#|$)' "$req") pinned packages)"
        done ;;
    *)
        name=$1; shift
        venv_make "$name"
        dir=$(venv_dir "$name")
        if (( $# )); then
            cmd=$1; shift
            [[ -x $dir/bin/$cmd ]] && cmd=$dir/bin/$cmd
            PATH=$dir/bin:$PATH exec "$cmd" "$@"
        fi
        echo "$dir" ;;
esac
