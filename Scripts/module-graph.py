#!/usr/bin/env python3
"""The package's module graph, read from `swift package describe --type json`, for the scripts that compile modules
one by one (check-embedded.sh, build-armv7em.sh, build-wasm.sh, build-docs.sh): no script keeps a copy of the list.

    Scripts/module-graph.py libraries          every library module under Sources/, dependencies first
    Scripts/module-graph.py embedded           the ones that must compile in Embedded Swift (libraries minus HOSTED)
    Scripts/module-graph.py closure MODULE...  MODULE and everything it depends on, dependencies first
    Scripts/module-graph.py deps MODULE        MODULE's direct dependencies among the package's modules
    Scripts/module-graph.py tops               the library modules no other one depends on (building them builds all)

One name per line. "Dependencies first" is a topological order; ties keep Package.swift's order of targets.
A new library module needs no entry here: it is Embedded-clean by default (check-embedded.sh then proves it), and
only a module that cannot be goes into HOSTED, with the reason.

The JSON is cached in .build/module-graph/describe.json, keyed by the hash of Package.swift; `describe` runs with a
scratch folder of its own, so it never waits for a build holding .build's lock.
"""
import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Library modules that are not compiled in Embedded Swift, and why.
HOSTED = {
    "AppStore": "Codable claims, Swift concurrency (OCSP fetches) and existentials",
}


def describe():
    with open(os.path.join(ROOT, "Package.swift"), "rb") as f:
        key = hashlib.sha256(f.read()).hexdigest()
    cache_dir = os.path.join(ROOT, ".build", "module-graph")
    cache = os.path.join(cache_dir, "describe.json")
    try:
        with open(cache) as f:
            cached = json.load(f)
        if cached.get("key") == key:
            return cached["describe"]
    except (OSError, ValueError):
        pass
    out = subprocess.run(["swift", "package", "--scratch-path", cache_dir, "describe", "--type", "json"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    # SwiftPM may print notes before the JSON.
    d = json.loads(out[out.index("{"):])
    os.makedirs(cache_dir, exist_ok=True)
    with open(cache, "w") as f:
        json.dump({"key": key, "describe": d}, f)
    return d


def graph():
    """(names of the library modules under Sources/ in Package.swift's order, {name: [its dependencies among them]})."""
    d = describe()
    order = [t["name"] for t in reversed(d["targets"])]  # describe lists targets in reverse declaration order
    declared = {}
    try:
        text = open(os.path.join(ROOT, "Package.swift")).read()
        for t in d["targets"]:
            declared[t["name"]] = text.find('name: "%s"' % t["name"], text.find("targets:"))
        order.sort(key=lambda n: declared.get(n, 0))
    except OSError:
        pass
    libs = {t["name"]: t for t in d["targets"]
            if t["type"] == "library" and t["path"].startswith("Sources/")}
    names = [n for n in order if n in libs]
    deps = {n: [x for x in (libs[n].get("target_dependencies") or []) if x in libs] for n in names}
    return names, deps


def topological(names, deps, wanted):
    """`wanted` and everything it depends on, each module after its dependencies; ties in Package.swift's order."""
    out, seen = [], set()

    def visit(n):
        if n in seen:
            return
        seen.add(n)
        for x in sorted(deps[n], key=names.index):
            visit(x)
        out.append(n)

    for n in names:
        if n in wanted:
            visit(n)
    return out


def main(argv):
    if not argv or argv[0] not in ("libraries", "embedded", "closure", "deps", "tops"):
        sys.exit(__doc__)
    names, deps = graph()
    command, args = argv[0], argv[1:]
    for a in args:
        if a not in deps:
            sys.exit("module-graph: no library module %s (have: %s)" % (a, " ".join(names)))
    if command == "libraries":
        result = topological(names, deps, set(names))
    elif command == "embedded":
        result = [n for n in topological(names, deps, set(names)) if n not in HOSTED]
    elif command == "tops":
        used = {x for n in names for x in deps[n]}
        result = [n for n in names if n not in used]
    elif command == "closure":
        result = topological(names, deps, set(topological(names, deps, set(args))))
    else:
        if len(args) != 1:
            sys.exit("module-graph: deps takes one module")
        result = deps[args[0]]
    print("\n".join(result))


if __name__ == "__main__":
    main(sys.argv[1:])
