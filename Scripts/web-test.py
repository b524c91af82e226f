#!/usr/bin/env python3
"""Browser test of the token inspector (Web/index.html) in a real Chromium, driven by Selenium.

Serves Web/ from a loopback HTTP server (browsers refuse ES modules and WebAssembly from file:// pages), pastes
tokens and keys, reads the verdicts the page computes with purejose.wasm, checks that the page requested nothing
but its own files, and saves a screenshot of a verified Apple-shaped token (default .build/web-test.png).

    python3 Scripts/web-test.py [SCREENSHOT]

Needs Debian's `chromium` and `chromium-driver`, Python `selenium` and `cryptography` (the CI step installs them).
"""
import base64, functools, http.server, json, os, sys, threading, time
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "web-test.png")
NOW = 1767225600  # 2026-01-01T00:00:00Z

def b64(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
def part(obj): return b64(json.dumps(obj, separators=(",", ":")).encode())

# An Apple-shaped identity token (Sign in with Apple's header and claims) signed with a key made here.
key = ec.generate_private_key(ec.SECP256R1())
nums = key.public_key().public_numbers()
jwks = {"keys": [{"kty": "EC", "kid": "W6WcOKB", "use": "sig", "alg": "ES256", "crv": "P-256",
                  "x": b64(nums.x.to_bytes(32, "big")), "y": b64(nums.y.to_bytes(32, "big"))}]}
pem = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()

def es256(header, claims):
    signing_input = f"{part(header)}.{part(claims)}"
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return f"{signing_input}.{b64(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))}"

apple_claims = {"iss": "https://appleid.apple.com", "aud": "com.example.purejose", "exp": NOW + 600, "iat": NOW - 60,
                "sub": "001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234", "nonce": "7b8f1e2c", "c_hash": "t2Kc0xW7xV8aR3y6p5NnBg",
                "email": "8x2kq4m9zz@privaterelay.appleid.com", "email_verified": True, "is_private_email": True,
                "auth_time": NOW - 65, "nonce_supported": True, "real_user_status": 2}
apple = es256({"kid": "W6WcOKB", "alg": "ES256"}, apple_claims)
expired = es256({"kid": "W6WcOKB", "alg": "ES256"}, {**apple_claims, "exp": NOW - 3600})
alg_none = f"{part({'alg': 'none'})}.{part(apple_claims)}."
h, p, s = apple.split(".")
tampered = f"{h}.{part({**apple_claims, 'sub': 'someone-else'})}.{s}"

class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm"}

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=os.path.join(ROOT, "Web")))
threading.Thread(target=server.serve_forever, daemon=True).start()
origin = f"http://127.0.0.1:{server.server_address[1]}"

options = webdriver.ChromeOptions()
for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1100", "--disable-gpu"):
    options.add_argument(arg)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
failures = []
try:
    driver.get(f"{origin}/index.html")
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))

    def paste(fields):
        for fid, value in fields.items():
            driver.execute_script("const e = document.getElementById(arguments[0]); e.value = arguments[1];"
                                  "e.dispatchEvent(new Event('input'));", fid, value)

    def verdict():
        v = driver.find_element(By.ID, "verdict")
        return v.get_attribute("data-state"), v.text

    def expect(name, fields, state, contains):
        paste(fields)
        got_state, text = verdict()
        ok = got_state == state and contains in text
        print(f"[web-test] {'ok  ' if ok else 'FAIL'} {name}: {got_state}: {text[:110]}")
        if not ok: failures.append(name)

    base = {"issuer": "https://appleid.apple.com", "audience": "com.example.purejose", "nonce": "7b8f1e2c",
            "now": "2026-01-01T00:00:00Z", "leeway": "0"}
    expect("decode only (no key)", {**base, "token": apple, "key": ""}, "decoded", "Decoded only")
    expect("alg none refused", {**base, "token": alg_none, "key": json.dumps(jwks)}, "invalid", "unsecuredAlgorithm")
    expect("tampered claims refused", {**base, "token": tampered, "key": json.dumps(jwks)}, "invalid", "invalidSignature")
    expect("expired refused", {**base, "token": expired, "key": json.dumps(jwks)}, "invalid", "expired")
    expect("wrong audience refused", {**base, "audience": "com.example.other", "token": apple, "key": json.dumps(jwks)}, "invalid", "audienceMismatch")
    expect("bad base64url refused", {**base, "token": apple.replace(".", ".+", 1), "key": json.dumps(jwks)}, "invalid", "invalidBase64URL")
    expect("PEM key verifies", {**base, "token": apple, "key": pem}, "valid", "Verified")
    expect("Apple-shaped token verifies with the JWK Set", {**base, "token": apple, "key": json.dumps(jwks, indent=1)}, "valid", "Verified: ES256")
    claims_text = driver.find_element(By.ID, "claims").text
    if "// 2026-01-01T00:10:00Z" not in claims_text:
        failures.append("UTC date beside exp"); print("[web-test] FAIL exp shown in UTC")
    else:
        print("[web-test] ok   exp shown as 2026-01-01T00:10:00Z")
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    foreign = [r for r in resources if not r.startswith(origin + "/")]
    print(f"[web-test] {'ok  ' if not foreign else 'FAIL'} requests: {len(resources)}, all to {origin}: {sorted(set(r.rsplit('/', 1)[-1] for r in resources))}")
    if foreign: failures.append(f"foreign requests {foreign}")
    os.makedirs(os.path.dirname(SHOT), exist_ok=True)
    driver.save_screenshot(SHOT)
    print(f"[web-test] screenshot: {SHOT}")
finally:
    driver.quit()
    server.shutdown()
if failures:
    print(f"[web-test] FAILED: {failures}")
    sys.exit(1)
print("[web-test] all checks passed")
