#!/usr/bin/env python3
"""Browser test of the token inspector (Web/index.html) in headless Chromium, driven by Selenium as a person would.

Serves Web/ from a loopback HTTP server, clicks the buttons, types and pastes into every field and proves each is
applied (tokens that pass only with the right issuer, audience, nonce, leeway and check time), reads every panel,
checks every key form, the phone layout (390x844: no horizontal scrolling, panels stacked, every input visible, from
the DOM's geometry), dark mode, the file:// message, that nothing but the page's own files was requested and that the
console logged no error. Screenshots of the main states go to .build/web-test-*.png.

    python3 Scripts/web-test.py              # the page in Web/
    python3 Scripts/web-test.py --mutants    # also: each broken copy of the page (made in a temp folder) must FAIL

Needs Debian's `chromium` and `chromium-driver`, and Python `selenium` (Scripts/web-test.sh provides them: a venv
from Scripts/requirements/web.txt). Tokens and keys come from Scripts/web-fixtures.mjs (Node's crypto).
"""
import functools, http.server, json, os, re, shutil, subprocess, sys, tempfile, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, ".build")
F = json.loads(subprocess.run(["node", os.path.join(ROOT, "Scripts", "web-fixtures.mjs")], check=True,
                              capture_output=True, text=True).stdout)
NOW_TEXT = "2026-01-01T00:00:00Z"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm"}


def serve(directory):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def new_driver():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900", "--disable-gpu"):
        options.add_argument(arg)
    # ChromeDriver lets file:// pages read files by default; a browser a person opens does not.
    options.add_experimental_option("excludeSwitches", ["allow-file-access-from-files"])
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Run:
    """One pass over a copy of the page; `failures` names each check that failed."""

    def __init__(self, driver, origin, web_dir, shots):
        self.d, self.origin, self.web_dir, self.shots = driver, origin, web_dir, shots
        self.failures = []

    def ok(self, name, cond, detail=""):
        detail = " ".join(str(detail).split())
        print(f"[web-test] {'ok  ' if cond else 'FAIL'} {name}{': ' + detail if detail else ''}")
        if not cond:
            self.failures.append(name)
        return cond

    def shot(self, name):
        if self.shots:
            path = os.path.join(SHOTS, f"web-test-{name}.png")
            self.d.save_screenshot(path)

    # -- acting like a person
    def viewport(self, width, height, dark=False):
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def open(self):
        self.d.get(f"{self.origin}/index.html")
        try:
            WebDriverWait(self.d, 30).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
            return True
        except Exception:
            return False

    def el(self, i): return self.d.find_element(By.ID, i)

    def click(self, i): self.el(i).click()

    def paste(self, i, text):
        """As a paste: the whole text arrives at once, with one input event."""
        self.d.execute_script("const e = document.getElementById(arguments[0]); e.focus(); e.value = arguments[1];"
                              "e.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));", i, text)

    def type(self, i, text):
        """Keystrokes: select all, delete, type."""
        e = self.el(i)
        e.clear()
        if text:
            e.send_keys(text)

    def set_silently(self, values):
        """Values changed with no event at all (autofill-like): only the Check button can apply them."""
        for i, v in values.items():
            self.d.execute_script("document.getElementById(arguments[0]).value = arguments[1];", i, v)

    def fill(self, token, key, issuer="", audience="", nonce="", now=NOW_TEXT, leeway="0"):
        self.paste("token", token)
        self.paste("key", key)
        for i, v in (("issuer", issuer), ("audience", audience), ("nonce", nonce), ("now", now), ("leeway", leeway)):
            self.type(i, v)
        self.click("check")

    def verdict(self):
        v = self.el("verdict")
        return v.get_attribute("data-state"), v.text

    def expect(self, name, state, *contains):
        got, text = self.verdict()
        return self.ok(name, got == state and all(c in text for c in contains), f"{got}: {text[:160]!r}")

    def rect(self, selector):
        return self.d.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                     "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height};", selector)

    def console_errors(self):
        return [e for e in self.d.get_log("browser") if e["level"] == "SEVERE"]

    # -- the checks
    def desktop(self):
        self.viewport(1280, 900)
        if not self.ok("page loads and the verifier starts", self.open()):
            return
        self.ok("file:// note hidden once loaded", not self.el("file-note").is_displayed())
        self.expect("empty page asks for a token", "empty", "Paste a token")
        layout = self.d.execute_script("return getComputedStyle(document.querySelector('main')).display")
        self.ok("stylesheet applied (main is a grid)", layout == "grid", layout)

        # Sample, token parts, panels, claims in view at 1280x900 (two columns).
        self.click("sample")
        self.expect("Sample token verifies", "valid", "Verified", "ES256")
        colours = self.d.execute_script("return [...document.querySelectorAll('#token-parts span')].map(s => getComputedStyle(s).color)")
        self.ok("token parts coloured (3 colours)", len(colours) == 3 and len(set(colours)) == 3, str(colours))
        claims_top = self.rect("#claims")["top"]
        self.ok("claims panel above the fold at 1280x900", 0 < claims_top < 900, f"top {claims_top:.0f}")
        inputs, results = self.rect(".inputs"), self.rect(".results")
        self.ok("two columns at 1280 px", results["left"] >= inputs["right"] - 1, f"inputs right {inputs['right']:.0f}, results left {results['left']:.0f}")
        self.shot("sample")

        # Copy and Clear.
        self.click("copy")
        time.sleep(0.3)
        said = self.el("announce").get_attribute("textContent")
        self.ok("Copy copies or selects the token", "copied" in said.lower() or "selected" in said.lower(), said)
        self.click("clear")
        self.ok("Clear empties the token and key", self.el("token").get_attribute("value") == "" and self.el("key").get_attribute("value") == "")
        self.expect("Clear resets the verdict", "empty", "Paste a token")

        # The Check button applies values that arrived without any input event.
        self.set_silently({"token": F["apple"], "key": json.dumps(F["jwks"]), "issuer": F["claims"]["iss"],
                           "audience": F["claims"]["aud"], "nonce": F["claims"]["nonce"], "now": NOW_TEXT, "leeway": "0"})
        self.expect("no verdict before Check is pressed", "empty", "Paste a token")
        self.click("check")
        self.expect("Check verifies the filled-in token", "valid", "Verified", "W6WcOKB")

        good = dict(token=F["apple"], key=json.dumps(F["jwks"], indent=1), issuer=F["claims"]["iss"],
                    audience=F["claims"]["aud"], nonce=F["claims"]["nonce"])
        self.fill(**good)
        self.expect("all fields right: valid, and says what was checked", "valid", "Verified", "issuer is", "audience includes", "nonce is")
        self.shot("valid")
        header_text = self.el("header").text
        claims_text = self.el("claims").text
        strip = lambda t: json.loads(re.sub(r"\s+//[^\n]*", "", t))
        try:
            self.ok("Header panel shows the header", strip(header_text) == F["header"], header_text[:80])
        except ValueError:
            self.ok("Header panel shows the header", False, repr(header_text[:80]))
        try:
            self.ok("Claims panel shows the claims", strip(claims_text) == F["claims"], claims_text[:80])
        except ValueError:
            self.ok("Claims panel shows the claims", False, repr(claims_text[:80]))
        self.ok("exp shown in UTC with relative time", "// 2026-01-01T00:10:00Z, in 10 min" in claims_text)
        notes = self.el("claim-notes").text
        self.ok("claims explained", "Audience" in notes and "Nonce" in notes and "2026-01-01 00:10:00 UTC" in notes, notes[:80])
        self.ok("header explained", "Key id" in self.el("header-notes").text)
        self.ok("verdict announced (aria-live)", self.el("verdict").get_attribute("aria-live") == "polite"
                and "Verified" in self.el("announce").get_attribute("textContent"))

        # Each field applied: wrong value refused, right value accepted.
        self.fill(**{**good, "issuer": "https://evil.example"})
        self.expect("wrong issuer refused", "invalid", "issuerMismatch", "signature itself is good")
        self.fill(**{**good, "audience": "com.example.other"})
        self.expect("wrong audience refused", "invalid", "audienceMismatch")
        self.fill(**{**good, "nonce": "00000000"})
        self.expect("wrong nonce refused", "invalid", "nonceMismatch")
        self.fill(**{**good, "now": "2026-01-01 00:11:00"})
        self.expect("time without Z is UTC: 1 min after exp refused", "invalid", "expired", "1 min ago")
        self.fill(**{**good, "now": "2026-01-01T00:09:00"})
        self.expect("time without Z is UTC: 1 min before exp accepted", "valid", "Verified")
        self.fill(**{**good, "now": "2026-01-01T01:09:00+01:00"})
        self.expect("time with an offset is honoured", "valid", "Verified")
        self.fill(**{**good, "now": str(F["now"] + 630)})
        self.expect("30 s past exp, leeway 0: refused", "invalid", "expired")
        self.fill(**{**good, "now": str(F["now"] + 630), "leeway": "60"})
        self.expect("30 s past exp, leeway 60: accepted", "valid", "leeway 60 s")
        self.fill(**{**good, "now": "2026-13-01"})
        self.expect("a bad time is explained", "invalid", "not a real date")

        # Refusals in a person's words.
        self.fill(**{**good, "token": F["expired"]})
        self.expect("expired token: when, and the signature was good", "invalid", "expired", "1 h 2 min ago", "signature itself is good")
        self.shot("expired")
        self.fill(**{**good, "token": F["tampered"]})
        self.expect("tampered token refused", "invalid", "invalidSignature")
        self.fill(**{**good, "token": F["algNone"]})
        self.expect("alg none refused", "invalid", "unsecuredAlgorithm")
        self.fill(**{**good, "token": F["apple"].replace(".", ".+", 1)})
        self.expect("bad base64url refused", "invalid", "invalidBase64URL")

        # Every key form.
        self.fill(**{**good, "key": json.dumps(F["jwk"])})
        self.expect("one JWK verifies", "valid", "Verified")
        self.fill(**{**good, "key": F["pem"]})
        self.expect("PEM public key verifies", "valid", "Verified")
        self.fill(**{**good, "token": F["certToken"], "key": F["chainPEM"]})
        self.expect("certificate chain: the leaf's key verifies", "valid", "Verified")
        info = self.el("key-info").text
        self.ok("certificate chain shown", "chain of 3" in info and "CN=Signer" in info and "CN=Root" in info, info[:120])
        self.shot("certificate")
        self.fill(**{**good, "token": F["hsText"], "key": F["textSecret"]})
        self.expect("HMAC text secret verifies", "valid", "Verified", "HS256")
        self.fill(**{**good, "token": F["hsRaw"], "key": F["rawSecret"]})
        self.expect("base64url secret read as text: refused", "invalid", "invalidSignature")
        self.click("secret-b64")
        self.expect("base64url secret with the box ticked verifies", "valid", "Verified")
        self.click("secret-b64")

        # Decode only.
        self.fill(token=F["expired"], key="")
        self.expect("decode only flags an expired token", "decoded", "Decoded only", "Expired", "1 h 2 min ago")
        self.shot("decoded")

        resources = self.d.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        foreign = [r for r in resources if not r.startswith(self.origin + "/")]
        self.ok("only the page's own files requested", not foreign, f"{len(resources)} requests: {sorted(set(r.rsplit('/', 1)[-1] for r in resources))}")

    def phone(self):
        self.viewport(390, 844)
        if not self.ok("page loads at 390x844", self.open()):
            return
        self.click("sample")
        self.expect("phone: Sample token verifies", "valid", "Verified")
        g = self.d.execute_script("return {sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth}")
        self.ok("phone: no horizontal scrolling", g["sw"] <= g["cw"], f"scrollWidth {g['sw']}, clientWidth {g['cw']}")
        inputs, results = self.rect(".inputs"), self.rect(".results")
        header, claims, verdict = self.rect(".panel-header"), self.rect(".panel-claims"), self.rect("#verdict")
        stacked = results["top"] >= inputs["bottom"] - 1 and claims["top"] >= header["bottom"] - 1 and header["top"] >= verdict["bottom"] - 1
        self.ok("phone: inputs, verdict, Header, Claims stacked in one column", stacked,
                f"inputs {inputs['top']:.0f}-{inputs['bottom']:.0f}, verdict {verdict['top']:.0f}, header {header['top']:.0f}-{header['bottom']:.0f}, claims {claims['top']:.0f}")
        wide = [s for s, r in (("header", header), ("claims", claims), ("verdict", verdict)) if r["width"] < 300 or r["right"] > 390]
        self.ok("phone: panels full width, inside the screen", not wide, str(wide))
        outside = [i for i in ("token", "key", "issuer", "audience", "nonce", "now", "leeway", "check", "verdict", "header", "claims")
                   if (lambda r: r["width"] <= 0 or r["left"] < 0 or r["right"] > 390)(self.rect("#" + i))]
        self.ok("phone: every input visible within the width", not outside, str(outside))
        self.shot("phone")
        self.d.execute_script("window.scrollTo(0, document.querySelector('.results').offsetTop)")
        self.shot("phone-results")

    def dark(self):
        self.viewport(1280, 900, dark=True)
        self.open()
        self.click("sample")
        bg = self.d.execute_script("return getComputedStyle(document.body).backgroundColor")
        nums = [int(x) for x in re.findall(r"\d+", bg)[:3]]
        self.ok("dark mode follows prefers-color-scheme", len(nums) == 3 and sum(nums) < 150, bg)
        self.shot("dark")
        self.viewport(1280, 900)

    def file_url(self):
        self.d.get_log("browser")   # what came before
        self.d.get("file://" + os.path.join(self.web_dir, "index.html"))
        time.sleep(1.5)
        note = self.el("file-note")
        self.ok("file:// shows how to open the page", note.is_displayed() and "file://" in note.text and "http.server" in note.text, note.text[:80])
        self.shot("file")
        self.d.get_log("browser")   # the module refused from file:// logs an error there, as expected


def run(web_dir, shots):
    server, origin = serve(web_dir)
    driver = new_driver()
    r = Run(driver, origin, web_dir, shots)
    try:
        r.desktop()
        r.phone()
        r.dark()
        errors = r.console_errors()
        r.ok("no console errors", not errors, "; ".join(e["message"][:160] for e in errors))
        r.file_url()
    except Exception as e:   # a broken page may break the driver's own steps: that is a failure too
        r.ok("the test ran to its end", False, f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}")
    finally:
        driver.quit()
        server.shutdown()
    return r.failures


# Broken copies of the page, each of which the test must fail: (name, file, old text, new text).
MUTANTS = [
    ("CSS deleted", "inspector.css", None, ""),
    ("Header panel empty", "inspector.mjs", '$("header").textContent = show(decoded.header, at.seconds);', ""),
    ("issuer and nonce ignored", "inspector.mjs", 'for (const name of ["issuer", "audience", "nonce"]) {\n        const v = $(name)', 'for (const name of ["audience"]) {\n        const v = $(name)'),
    ("leeway fixed at 0", "inspector.mjs", "options.leeway = l;", "options.leeway = 0;"),
    ("Check button dead", "inspector.mjs", '$("check").addEventListener("click", () => {', '$("check").addEventListener("dblclick", () => {'),
    ("uncaught JS error", "inspector.mjs", "document.body.dataset.ready = \"true\";", "document.body.dataset.ready = \"true\";\nsetTimeout(() => { undefined.boom(); }, 50);"),
]


def mutants():
    rows = []
    for name, file, old, new in MUTANTS:
        tmp = tempfile.mkdtemp(prefix="web-mutant-")
        web = os.path.join(tmp, "Web")
        shutil.copytree(os.path.join(ROOT, "Web"), web)
        path = os.path.join(web, file)
        text = open(path, encoding="utf-8").read()
        if old is None:
            text = new
        else:
            if old not in text:
                rows.append((name, "NOT APPLIED", 0, []))
                continue
            text = text.replace(old, new, 1)
        open(path, "w", encoding="utf-8").write(text)
        print(f"\n[web-test] === mutant: {name} ===")
        t0 = time.time()
        failures = run(web, shots=False)
        rows.append((name, "caught" if failures else "SURVIVED", time.time() - t0, failures))
        shutil.rmtree(tmp)
    print("\n| broken variant | result | seconds | checks that failed |\n| --- | --- | ---: | --- |")
    for name, result, secs, failures in rows:
        print(f"| {name} | {result} | {secs:.0f} | {len(failures)}: {', '.join(failures[:4])}{' …' if len(failures) > 4 else ''} |")
    return all(r[1] == "caught" for r in rows)


if __name__ == "__main__":
    os.makedirs(SHOTS, exist_ok=True)
    t0 = time.time()
    failures = run(os.path.join(ROOT, "Web"), shots=True)
    print(f"[web-test] screenshots: {SHOTS}/web-test-*.png; {time.time() - t0:.0f} s")
    if failures:
        print(f"[web-test] FAILED: {failures}")
        sys.exit(1)
    print("[web-test] all checks passed")
    if "--mutants" in sys.argv[1:]:
        if not mutants():
            print("[web-test] a broken variant of the page passed the test")
            sys.exit(1)
        print("[web-test] every broken variant failed the test")
