#!/usr/bin/env python3
"""Fails when library code uses a standard-library API that is newer than the package's Apple floor.

    python3 Scripts/check-availability.py              # check Sources/<library modules>
    python3 Scripts/check-availability.py --self-test  # show that it catches a deliberate UInt128 (and Mutex) use
    python3 Scripts/check-availability.py --list       # print the flagged names and where each was declared

There is no Apple toolchain on the machines CI runs on, so no build ever checks `@available` against the floor that
Package.swift declares for macOS / iOS / tvOS / watchOS / visionOS (a Linux build accepts `UInt128` whatever the
floor). This script reads the floor from Package.swift and the availability of every declaration from the
toolchain's own interface files (the modules library code can reach without an import — Swift, _Concurrency,
_StringProcessing — and Synchronization), collects the names whose declarations are all newer than the floor on
some Apple platform (members of an `@available` extension or type inherit its versions), and looks for them as
identifiers in the library modules' sources, comments and string literals stripped.

Limits, by design: it matches names, not overloads. A name that is also declared at or below the floor (an overload
such as `encode(_: UInt128)` next to `encode(_: UInt64)`) is not flagged — the newer overload is reached only through
a type that is flagged (`UInt128`) — and neither is a name the library declares itself (its own `withLock`). DENY
below adds what name matching cannot see. The toolchain's Apple availability is the same in its Linux interface files
(they are built from one source), which is what makes reading them here meaningful.
"""
import os, re, sys, glob

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLCHAIN = os.environ.get("SWIFT_LIB", "/opt/swift/usr/lib/swift/linux")
MODULES = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization"]
# Executables and scaffolding may use anything their platform has; they are not what an app links.
NOT_LIBRARY = {"JoseCLI", "CTCheck"}
# Uses that are compiled only where no Apple floor applies, with the reason.
ALLOWED = {
    ("Sources/ConstantTime/Wide.swift", "UInt128"): "under #if !canImport(Darwin): Linux and Embedded builds only",
    ("Sources/ConstantTime/Wide.swift", "Int128"): "under #if !canImport(Darwin): Linux and Embedded builds only",
}
PLATFORMS = {"macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}

# Members (methods, properties) newer than the floor that name matching of types cannot catch, with the reason; they
# are looked for as `.name` or `name(`. Members are not collected from the interfaces: their names (`default`,
# `second`, `repeating`, `kind`…) are also the library's own labels, tuple fields and locals.
DENY = {
    name: "String processing (Regex algorithms), macOS 13 / iOS 16 / tvOS 16 / watchOS 9"
    for name in ("replacing", "firstRange", "ranges", "wholeMatch", "prefixMatch", "firstMatch", "trimmingPrefix",
                 "contains_regex_placeholder")
}
DENY.pop("contains_regex_placeholder")
DENY["isIdentical"] = "identity comparison of String/Array storage, macOS 26 / iOS 26"
DENY["utf8Span"] = "UTF8Span views, macOS 26 / iOS 26"


def version(s):
    """"13", "13.0" and "13.0.0" compare equal."""
    v = [int(p) for p in s.split(".")]
    return tuple(v + [0] * (3 - len(v)))


def package_floor():
    """The `platforms:` of Package.swift, as {"macOS": (10, 15), ...}."""
    text = open(os.path.join(ROOT, "Package.swift")).read()
    floor = {}
    for name, v in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+(?:_\d+)*)\)", text):
        floor[name] = version(v.replace("_", "."))
    missing = set(PLATFORMS) - set(floor)
    if missing:
        sys.exit(f"check-availability: Package.swift declares no floor for {sorted(missing)}")
    return floor


AVAIL = re.compile(r"@available\(([^)]*)\)")
PLAT_VERSION = re.compile(r"\b(macOS|iOS|tvOS|watchOS|visionOS)(?:\s+|\s*,\s*introduced:\s*)(\d+(?:\.\d+)*)")
DECL = re.compile(r"\b(?:func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor|case|associatedtype|macro)\b"
                  r"\s*([A-Za-z_][A-Za-z_0-9]*|`[^`]+`)?")
EXTENSION = re.compile(r"^\s*(?:@\S+\s+)*extension\b")


def newer(attrs, floor):
    """The platforms on which the versions in these @available attributes exceed the floor."""
    out = []
    for a in attrs:
        for plat, v in PLAT_VERSION.findall(a):
            if version(v) > floor[plat]:
                out.append(f"{plat} {v}")
    return out


LEADING_ATTR = re.compile(r"^(?:@[A-Za-z_][A-Za-z_0-9]*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*)+")
TYPE_DECL = re.compile(r"\b(?:struct|class|enum|protocol|actor|extension)\b")


def scan_interface(path, floor, flagged, old):
    """Adds to `flagged` (name → where) the declarations newer than the floor, to `old` the names declared without
    (or below) it. A brace-depth stack carries an extension's or type's availability to its members; the bodies of
    inlinable functions (their locals) are skipped."""
    pending = []          # @available attributes seen since the last declaration
    stack = []            # per open brace: (newer-than-floor platforms in force inside it, is a code body)
    for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
        stripped = line.strip()
        pending += [a for a in AVAIL.findall(stripped) if PLAT_VERSION.search(a)]
        body = LEADING_ATTR.sub("", AVAIL.sub("", stripped)).strip()
        in_code = any(b for _, b in stack)
        inherited = next((s for s, _ in reversed(stack) if s), [])
        is_decl = bool(body) and not in_code and not body.startswith(("#", "//", "}", "{"))
        opens_body = False
        if is_decl:
            effective = newer(pending, floor) or inherited
            if not EXTENSION.match(body):
                m = DECL.search(body)
                name = m.group(1).strip("`") if m and m.group(1) else None
                kind = re.search(r"\b(func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor|case|associatedtype|macro)\b", body)
                is_type = kind and kind.group(1) in ("struct", "class", "enum", "protocol", "typealias", "actor", "macro")
                is_free_func = kind and kind.group(1) == "func" and not stack
                if name and name not in ("init", "subscript") and (is_type or is_free_func):
                    if effective:
                        where = f"{os.path.basename(os.path.dirname(path))}:{lineno} ({', '.join(effective)})"
                        flagged.setdefault(name, where)
                    else:
                        old.add(name)
            opens_body = not TYPE_DECL.search(body.split("{")[0])
            scope = effective
            pending = []
        else:
            scope = inherited
        for ch in body:
            if ch == "{":
                stack.append((scope if is_decl else [], opens_body or in_code or not is_decl))
            elif ch == "}":
                if stack:
                    stack.pop()


def newer_names(floor):
    flagged, old = {}, set()
    for m in MODULES:
        files = sorted(glob.glob(os.path.join(TOOLCHAIN, f"{m}.swiftmodule", "*.swiftinterface")))
        public = [f for f in files if not f.endswith(".private.swiftinterface")]
        files = public or files   # Synchronization ships only its private interface
        if not files:
            sys.exit(f"check-availability: no interface file for {m} under {TOOLCHAIN}")
        scan_interface(files[0], floor, flagged, old)
    names = {n: w for n, w in flagged.items() if n not in old}
    return names


def strip_swift(text):
    """Source text with comments and string literals blanked (line structure kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j): depth += 1; j += 2
                elif text.startswith("*/", j): depth -= 1; j += 2
                else: j += 1
            out.append("\n" * text.count("\n", i, j)); i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append("\n" * text.count("\n", i, j)); i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append('""'); i = j + 1
        else:
            out.append(text[i]); i += 1
    return "".join(out)


IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
OWN_DECL = re.compile(r"\b(?:func|var|let|struct|class|enum|protocol|typealias|actor|case)\s+([A-Za-z_][A-Za-z_0-9]*)")


def library_files(root):
    for module in sorted(os.listdir(os.path.join(root, "Sources"))):
        if module in NOT_LIBRARY:
            continue
        for dirpath, _, files in os.walk(os.path.join(root, "Sources", module)):
            for f in sorted(files):
                if f.endswith(".swift"):
                    yield os.path.join(dirpath, f)


MEMBER_USE = re.compile(r"\.\s*([A-Za-z_][A-Za-z_0-9]*)|([A-Za-z_][A-Za-z_0-9]*)\s*\(")


def check(root, names):
    """Uses in library sources: a flagged type or free-function name as any identifier, a DENY member as `.name` or
    `name(`; names the library declares itself are its own."""
    sources = {p: strip_swift(open(p, encoding="utf-8").read()) for p in library_files(root)}
    own = set()
    for text in sources.values():
        own.update(OWN_DECL.findall(text))
    hits = []
    for path, text in sources.items():
        for lineno, line in enumerate(text.split("\n"), 1):
            found = [i for i in IDENT.findall(line) if i in names]
            found += [a or b for a, b in MEMBER_USE.findall(line) if (a or b) in DENY]
            for ident in found:
                if ident not in own and (os.path.relpath(path, root), ident) not in ALLOWED:
                    why = names.get(ident) or DENY[ident]
                    hits.append(f"{os.path.relpath(path, root)}:{lineno}: {ident} — {why}")
    return hits


def main():
    floor = package_floor()
    names = newer_names(floor)
    floor_text = ", ".join(f"{p} {'.'.join(map(str, v)).removesuffix('.0.0').removesuffix('.0')}" for p, v in sorted(floor.items()))
    if "--list" in sys.argv:
        for n in sorted(names):
            print(f"{n}\t{names[n]}")
        return 0
    if "--self-test" in sys.argv:
        import tempfile, shutil
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "Sources", "Fixture"))
            with open(os.path.join(tmp, "Sources", "Fixture", "Fixture.swift"), "w") as f:
                f.write("// UInt128 in a comment is fine\nlet s = \"Mutex in a string is fine\"\n"
                        "func wide(_ a: UInt64) -> UInt128 { UInt128(a) }\n"
                        "import Synchronization\nlet m = Mutex(0)\n")
            hits = check(tmp, names)
        for h in hits:
            print("  caught: " + h.replace(tmp + "/", ""))
        caught = {h.split(": ")[1].split(" ")[0] for h in hits}
        ok = caught == {"UInt128", "Mutex"} and len(hits) == 3
        print(f"check-availability --self-test: {'ok' if ok else 'FAILED'} (floor {floor_text}; {len(names)} names)")
        return 0 if ok else 1
    for required in ("UInt128", "Int128", "Mutex", "Atomic", "InlineArray", "Duration", "Regex"):
        if required not in names:
            sys.exit(f"check-availability: {required} not found newer than the floor in the interfaces: parser broken?")
    hits = check(ROOT, names)
    for h in hits:
        print(h)
    if hits:
        print(f"check-availability: {len(hits)} use(s) of APIs newer than the floor ({floor_text}) in library code")
        return 1
    print(f"check-availability: ok — library code uses none of {len(names)} standard-library/Synchronization names "
          f"newer than the floor ({floor_text})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
