#!/usr/bin/env python3
"""Security mutation testing (issue 19). Run through Scripts/mutate.sh; see Scripts/mutations/README.md.

For each mutation of Scripts/mutations/list.txt: copy the working tree into a persistent scratch tree (never the
caller's, unless `--in-place` asks for it: CI, whose tree is thrown away), apply the one small edit there, build the tests incrementally (the scratch tree keeps its build folder,
so only the mutated module and what depends on it recompile), run the smallest test set that should catch it
(`swift test --filter`), then the whole suite if it survived that. Prints a table and the kill ratio; exits 1 if
any mutation survives, 2 if the list is broken (an edit that no longer matches the source, or does not build).
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NEWLINE = "⏎"  # stands for a line break inside `find:` / `replace:`


class Mutation:
    def __init__(self, name):
        self.name = name
        self.file = None
        self.tests = None
        self.edits = []  # (file, find, replace): a later `file:` line moves the following edits to that file
        self.why = ""
        self.package = None  # a package folder inside the tree (e.g. the Hummingbird integration); None: the root


def load(path):
    """Parses the list: `[name]` starts an entry; `file:`, `tests:`, `why:`, and `find:`/`replace:` pairs."""
    mutations, current, pending_find, current_file = [], None, None, None
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            m = re.match(r"^\[([a-z0-9][a-z0-9.-]*)\]$", line)
            if m:
                current = Mutation(m.group(1))
                mutations.append(current)
                continue
            key, sep, value = line.partition(": ")
            if not sep or current is None:
                sys.exit(f"{path}:{number}: cannot read {line!r}")
            value = value.replace(NEWLINE, "\n")
            if key == "file":
                current.file = current.file or value
                current_file = value
            elif key == "tests":
                current.tests = value
            elif key == "why":
                current.why = value
            elif key == "package":
                current.package = value
            elif key == "find":
                pending_find = value
            elif key == "replace":
                if pending_find is None:
                    sys.exit(f"{path}:{number}: replace without find")
                current.edits.append((current_file, pending_find, value))
                pending_find = None
            else:
                sys.exit(f"{path}:{number}: unknown key {key!r}")
    names = set()
    for m in mutations:
        if not (m.file and m.tests and m.edits):
            sys.exit(f"{path}: mutation {m.name} needs file, tests and at least one find/replace")
        if m.name in names:
            sys.exit(f"{path}: mutation {m.name} is listed twice")
        names.add(m.name)
    return mutations


def sync_tree(source, target):
    """Mirrors the files git knows (tracked, and untracked but not ignored) into `target`, copying only files whose
    bytes differ, with their modification times, so that the scratch build stays incremental."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=source,
                            check=True, stdout=subprocess.PIPE).stdout.decode().split("\0")
    keep = {p for p in listed if p and not p.startswith("Fuzz/") and os.path.isfile(os.path.join(source, p))}
    copied = 0
    for rel in sorted(keep):
        src, dst = os.path.join(source, rel), os.path.join(target, rel)
        try:
            with open(src, "rb") as a, open(dst, "rb") as b:
                if a.read() == b.read():
                    continue
        except FileNotFoundError:
            pass
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
        copied += 1
    for d, dirs, files in os.walk(target):
        dirs[:] = [x for x in dirs if not x.startswith(".build")]
        for f in files:
            rel = os.path.relpath(os.path.join(d, f), target)
            if rel not in keep:
                os.remove(os.path.join(target, rel))
                copied += 1
    return copied


def run(cmd, cwd, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        return "timeout", out, time.monotonic() - start


def failing_tests(output):
    """Names of the failed tests in a `swift test` log (Swift Testing and XCTest forms), for the table."""
    names = []
    for m in re.finditer(r'Test (?:"[^"]*"|\S+) failed|Test (\S+)\(\) .*failed|✘ Test (\S+)', output):
        names.append(m.group(0))
    for m in re.finditer(r"recorded an issue at (\S+?\.swift)", output):
        names.append(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="run only these mutations (default: all)")
    ap.add_argument("--list", default=os.path.join(HERE, "list.txt"))
    ap.add_argument("--scratch", default=os.environ.get("MUTATE_SCRATCH", os.path.join(ROOT, ".build-mutate")))
    ap.add_argument("--skip-baseline", action="store_true", help="do not run the unmutated suite first")
    ap.add_argument("--no-full", action="store_true", help="do not run the whole suite for survivors of the filter")
    ap.add_argument("--check", action="store_true", help="only check that every edit matches the source")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per build or test run")
    ap.add_argument("--in-place", action="store_true",
                    help="mutate this tree itself and build in its own .build (CI, right after swift test built it: "
                         "saves the scratch tree's full build); every file is restored byte for byte, with its "
                         "modification time, after each mutation and on SIGINT/SIGTERM")
    args = ap.parse_args()
    if args.in_place:
        # A terminated run must still restore the file it mutated: turn SIGTERM into an exception so `finally` runs.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    mutations = load(args.list)
    if args.names:
        unknown = set(args.names) - {m.name for m in mutations}
        if unknown:
            sys.exit("unknown mutation(s): " + ", ".join(sorted(unknown)))
        mutations = [m for m in mutations if m.name in args.names]

    tree = ROOT if args.in_place else os.path.join(args.scratch, "tree")
    t0 = time.monotonic()
    if not args.check and not args.in_place:
        os.makedirs(tree, exist_ok=True)
        changed = sync_tree(ROOT, tree)
        print(f"[mutate] scratch tree {tree}: {changed} files refreshed", flush=True)

    # Every edit must match exactly once in the pristine source: a stale entry is a broken list, not a pass.
    pristine = {}
    original = {}  # file → (bytes, stat) as found, restored exactly after each mutation
    broken = []
    for m in mutations:
        texts = {}
        for file, find, _ in m.edits:
            path = os.path.join(ROOT if args.check else tree, file)
            if file not in pristine:
                if not os.path.exists(path):
                    broken.append(f"{m.name}: {file} does not exist")
                    continue
                with open(path, encoding="utf-8", newline="") as f:
                    pristine[file] = f.read()
                with open(path, "rb") as f:
                    original[file] = (f.read(), os.stat(path))
            text = texts.get(file, pristine[file])
            n = text.count(find)
            if n != 1:
                broken.append(f"{m.name}: {'no' if n == 0 else n} match(es) of {find.strip()[:70]!r} in {file}")
            texts[file] = text.replace(find, "\0")  # later edits of the same entry must not overlap this one
    if broken:
        print("[mutate] the mutation list does not match the source:\n  " + "\n  ".join(broken))
        return 2

    if args.check:
        print(f"[mutate] {len(mutations)} mutations match the source")
        return 0
    # The first build makes every product (the CLI tests run the `jose` executable); a mutation then rebuilds only
    # the test bundle, which holds every module, so executables are not relinked for each mutation. An entry with
    # `package:` (a package inside the tree with its own dependencies, e.g. Integrations/Hummingbird/JOSEHummingbird)
    # builds and tests that package instead, in its own .build (its first build there takes minutes).
    # In place, INTEGRATIONS_BUILD (the build folder Scripts/integration-test.sh and vapor-test.sh share) serves the
    # `package:` entries too, so that a warm integration build is reused rather than a cold one made per package.
    package_scratch = os.environ.get("INTEGRATIONS_BUILD") if args.in_place and os.environ.get("INTEGRATIONS_BUILD") else ".build"

    def place(m):
        return os.path.join(tree, m.package) if m.package else tree

    def build_cmd(m):
        if m.package:
            return ["swift", "build", "--build-tests", "--scratch-path", package_scratch]
        return ["swift", "build", "--product", "PureJOSEPackageTests"]

    def test_cmd(m, *extra):
        return ["swift", "test", "--skip-build"] + (["--scratch-path", package_scratch] if m.package else []) + list(extra)

    for m in {(m.package or ""): m for m in mutations}.values():
        where = m.package or "root package"
        code, out, secs = run(["swift", "build", "--build-tests"] + (["--scratch-path", package_scratch] if m.package else []),
                              place(m), args.timeout * 3)
        print(f"[mutate] unmutated build ({where}): {secs:.0f} s", flush=True)
        if code != 0:
            print(out[-4000:])
            return 2
        if not args.skip_baseline:
            code, out, full_secs = run(test_cmd(m), place(m), args.timeout * 3)
            print(f"[mutate] unmutated suite ({where}): {'passes' if code == 0 else 'FAILS'} ({full_secs:.0f} s)", flush=True)
            if code != 0:
                print(out[-4000:])
                return 2

    rows, survivors, invalid = [], [], []
    for i, m in enumerate(mutations, 1):
        texts = {}
        for file, find, replace in m.edits:
            texts[file] = texts.get(file, pristine[file]).replace(find, replace, 1)
        for file, text in texts.items():
            with open(os.path.join(tree, file), "w", encoding="utf-8", newline="") as f:
                f.write(text)
        try:
            code, out, build_secs = run(build_cmd(m), place(m), args.timeout)
            if code != 0:
                invalid.append(m.name)
                rows.append((m.name, "DOES NOT BUILD", build_secs, 0.0))
                errors = [l for l in out.splitlines() if "error:" in l][:3]
                print(f"[mutate] {i}/{len(mutations)} {m.name}: does not build\n    " + "\n    ".join(errors), flush=True)
                continue
            code, out, test_secs = run(test_cmd(m, "--filter", m.tests), place(m), args.timeout)
            if code == 0 and re.search(r"with 0 tests|No matching test cases were run", out):
                print(f"[mutate] warning: the filter of {m.name} selects no test: {m.tests}", flush=True)
            caught = None
            if code == "timeout":
                caught = f"{m.tests} (timeout)"
            elif code != 0:
                caught = m.tests
            elif not args.no_full:
                code, out, more = run(test_cmd(m), place(m), args.timeout * 3)
                test_secs += more
                if code != 0:
                    failed = sorted(set(failing_tests(out)))
                    caught = "whole suite" + (": " + ", ".join(failed[:3]) if failed else "")
            if caught is None:
                survivors.append(m.name)
            rows.append((m.name, caught or "SURVIVED", build_secs, test_secs))
            print(f"[mutate] {i}/{len(mutations)} {m.name}: {caught or 'SURVIVED'} "
                  f"(build {build_secs:.0f} s, tests {test_secs:.0f} s)", flush=True)
        finally:
            for file in texts:
                path = os.path.join(tree, file)
                data, st = original[file]
                with open(path, "wb") as f:
                    f.write(data)
                os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))

    width = max([len(r[0]) for r in rows] + [8])
    print()
    print(f"| {'mutation'.ljust(width)} | caught by | build s | tests s |")
    print(f"| {'-' * width} | --- | ---: | ---: |")
    for name, by, b, t in rows:
        print(f"| {name.ljust(width)} | {by} | {b:.0f} | {t:.0f} |")
    valid = len(rows) - len(invalid)
    killed = valid - len(survivors)
    ratio = 100.0 * killed / valid if valid else 0.0
    print(f"\n[mutate] killed {killed} of {valid} mutations ({ratio:.1f} %); "
          f"{len(survivors)} survived{': ' + ', '.join(survivors) if survivors else ''}; "
          f"{len(invalid)} do not build; total {time.monotonic() - t0:.0f} s")
    if invalid:
        return 2
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
