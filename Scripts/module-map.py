#!/usr/bin/env python3
"""Writes README.md's module map from Package.swift, or checks it.

    python3 Scripts/module-map.py           # rewrite the table between the MODULE MAP markers in README.md
    python3 Scripts/module-map.py --check   # exit 1 (with a diff) when README.md's table is not the generated one

The rows come from `swift package describe --type json`: every product of the package (libraries first, then
executables), its target, the target's direct dependencies in the package and its layer (0 for a target without
dependencies in the package, else one more than its highest dependency). The "What it holds" column is the abstract
(first paragraph) of the module's DocC landing page, Sources/<Module>/<Module>.docc/<Module>.md, so the table says
what the documentation says; an executable without a catalog takes its line from EXECUTABLES below. A product with
neither is an error: a new module comes with its catalog.
"""
import difflib, json, os, re, subprocess, sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
README = os.path.join(ROOT, "README.md")
BEGIN, END = "<!-- BEGIN MODULE MAP -->", "<!-- END MODULE MAP -->"
# Executables have no DocC catalog: one line each, kept here (a new executable product must be added).
EXECUTABLES = {
    "JoseCLI": "the `jose` command-line tool: decode, verify, sign, keys, Apple secrets and tokens, X.509 "
               "([its article](Sources/JOSE/JOSE.docc/CommandLineTool.md))",
    "JoseBench": "the benchmark: RSA vs ECDSA verification and signing, every primitive, allocations, threads "
                 "([results](PERFORMANCE.md))",
    "JoseSoak": "the full-size JWKSCache soak (Tests/JWKSSoak) that `.ci/run` runs (not a declared product)",
    "CTCheck": "the constant-time proof program that `Scripts/ct-check.sh` runs under valgrind (not a declared "
               "product)",
}


def describe():
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out[out.index("{"):])


def abstract(module):
    path = os.path.join(ROOT, "Sources", module, module + ".docc", module + ".md")
    if not os.path.exists(path):
        return None
    lines = open(path, encoding="utf-8").read().split("\n")
    para, started = [], False
    for line in lines[1:]:
        if not line.strip():
            if started:
                break
            continue
        if line.startswith("#") or line.startswith("@"):
            if started:
                break
            continue
        started = True
        para.append(line.strip())
    return " ".join(para)


def table():
    d = describe()
    targets = {t["name"]: t for t in d["targets"]}
    layer = {}

    def depth(name):
        if name not in layer:
            deps = [x for x in targets[name].get("target_dependencies") or [] if x in targets]
            layer[name] = 0 if not deps else 1 + max(depth(x) for x in deps)
        return layer[name]

    products = d["products"]
    libs = [p for p in products if "library" in p["type"]]
    exes = [p for p in products if "executable" in p["type"]]
    for p in products:
        for t in p["targets"]:
            depth(t)
    order = [p["name"] for p in libs]   # Package.swift's order within a layer
    libs.sort(key=lambda p: (depth(p["targets"][0]), order.index(p["name"])))
    rows = ["| Product | Layer | Depends on | What it holds |", "| --- | ---: | --- | --- |"]
    missing = []
    for p in libs + exes:
        t = p["targets"][0]
        deps = [x for x in targets[t].get("target_dependencies") or [] if x in targets]
        deps.sort(key=lambda x: (depth(x), x))
        kind = "library" if p in libs else "executable"
        name = f"`{p['name']}`" if p["name"] == t else f"`{p['name']}` (target `{t}`)"
        if kind == "library":
            text = abstract(t)
            if text is None:
                missing.append(f"{t}: no Sources/{t}/{t}.docc/{t}.md")
                continue
            docs = f"[docs](Sources/{t}/{t}.docc/{t}.md)"
            text = f"{text} {docs}"
            lay = str(depth(t))
        else:
            text = EXECUTABLES.get(t)
            if text is None:
                missing.append(f"{t}: an executable without a line in Scripts/module-map.py")
                continue
            lay = "tool"
        rows.append(f"| {name} | {lay} | {', '.join(deps) if deps else '–'} | {text} |")
    if missing:
        sys.exit("module-map: " + "; ".join(missing))
    return "\n".join(rows) + "\n"


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    text = open(README, encoding="utf-8").read()
    m = re.search(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), text, flags=re.S)
    if not m:
        sys.exit(f"module-map: README.md has no {BEGIN} … {END} block")
    want = table()
    if check:
        if m.group(1) == want:
            print("module-map: README.md's module map matches Package.swift")
            return
        sys.stdout.writelines(difflib.unified_diff(m.group(1).splitlines(True), want.splitlines(True),
                                                   "README.md (committed)", "generated from Package.swift"))
        sys.exit("module-map: README.md's module map differs from Package.swift; run python3 Scripts/module-map.py")
    new = text[:m.start(1)] + want + text[m.end(1):]
    if new != text:
        open(README, "w", encoding="utf-8").write(new)
        print("module-map: README.md rewritten")
    else:
        print("module-map: README.md already up to date")


if __name__ == "__main__":
    main()
