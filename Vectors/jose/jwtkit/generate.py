#!/usr/bin/env python3
"""Builds Vectors/jose/jwtkit/jwtkit_cases.json from vapor/jwt-kit 5.8.0's own test suite (MIT licence).

Reads the tag's sources with `git show 5.8.0:<path>` from a jwt-kit clone (default
/opt/swift-packages/vapor/jwt-kit.git, or the JWTKIT_GIT environment variable) and writes one case per token:
the token, the key jwt-kit's test verifies it with, jwt-kit's expected outcome (as its test asserts it) and
PureJOSE's expected outcome, with the policy that explains every difference. Keys are extracted from the same
sources (the Firebase certificate's public key with Python `cryptography`). Run: python3 generate.py
"""
import base64, hashlib, hmac, json, os, re, subprocess, sys
from cryptography import x509
from cryptography.hazmat.primitives import serialization

GIT = os.environ.get("JWTKIT_GIT", "/opt/swift-packages/vapor/jwt-kit.git")
TAG = "5.8.0"
SECRET = "a-string-secret-at-least-256-bits-long"   # every HMAC test in jwt-kit 5.8.0 uses it
NOW = 1_700_000_000                                 # 2023-11-14, the verification time unless a case says otherwise


def source(path):
    return subprocess.run(["git", "-C", GIT, "show", f"{TAG}:{path}"], check=True, capture_output=True, text=True).stdout


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def tokens_in(text):
    return re.findall(r"eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*", text)


def swift_multiline(text, name):
    """The body of `let <name> = \"\"\" ... \"\"\"` with the closing delimiter's indentation removed."""
    m = re.search(r"let " + re.escape(name) + r' = """\n(.*?)\n( *)"""', text, re.S)
    indent = len(m.group(2))
    return "\n".join(line[indent:] for line in m.group(1).split("\n")) + "\n"


def pem_block(text, after):
    start = text.index(after)
    m = re.search(r"-----BEGIN PUBLIC KEY-----.*?-----END PUBLIC KEY-----", text[start:], re.S)
    return "\n".join(l.strip() for l in m.group(0).split("\n")) + "\n"


def hs256(header_json, payload_json):
    si = b64u(header_json.encode()) + "." + b64u(payload_json.encode())
    return si + "." + b64u(hmac.new(SECRET.encode(), si.encode(), hashlib.sha256).digest())


kit = source("Tests/JWTKitTests/JWTKitTests.swift")
rsa = source("Tests/JWTKitTests/RSATests.swift")
pss = source("Tests/JWTKitTests/PSSTests.swift")
hdr = source("Tests/JWTKitTests/HeaderParsingRegressionTests.swift")
x5c = source("Tests/JWTKitTests/X5CTests.swift")

cert = x509.load_pem_x509_certificate(swift_multiline(kit, "firebaseCert").encode())
keys = {
    "hmac": {"hmac": SECRET},
    "es256-jwtio": {"pem": pem_block(kit, "func jwtioExample")},
    "rsa-publicKey2": {"pem": swift_multiline(rsa, "publicKey2")},
    "pss-publicKey": {"pem": swift_multiline(pss, "publicKey")},
    "firebase-cert": {"pem": cert.public_key().public_bytes(serialization.Encoding.PEM,
                                                            serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
                      # A kid selects exactly one key in PureJOSE: the key is given under the token's kid.
                      "kid": "554a754778587c94c1673e8ea244616c0c043cbc"},
    "none": {},
}
# The ES256 private key of testKeyCollectionIteration has the jwt.io public key: checked, so one key serves both.
priv = re.search(r"-----BEGIN PRIVATE KEY-----.*?-----END PRIVATE KEY-----", kit, re.S).group(0)
priv = serialization.load_pem_private_key("\n".join(l.strip() for l in priv.split("\n")).encode(), None)
assert priv.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode() \
    == keys["es256-jwtio"]["pem"]

cases = []


def add(test, token, key, jwtkit, purejose, policy="", now=NOW):
    cases.append({"id": len(cases), "test": test, "token": token, "key": key, "now": now,
                  "jwtkit": jwtkit, "purejose": purejose, "policy": policy})


# 1. The literal tokens of JWTKitTests.swift, in file order (14), each with the key and outcome of its test.
lit = list(dict.fromkeys(tokens_in(kit)))
assert len(lit) == 14, len(lit)
FAR = "exp beyond year 9999 is a valid NumericDate (|value| <= 2^53-1, I-JSON)"
ann = [
    ("JWTKitTests.testGettingStarted", "hmac", "valid", "valid", ""),
    ("JWTKitTests.parse", "hmac", "valid", "valid", ""),
    ("JWTKitTests.parseCorruptToken (parsable)", "hmac", "parsed (signature not checked)", "invalidSignature",
     "PureJOSE has no parse-without-verify path in verification; the token's MAC is not made with jwt-kit's test secret"),
    ("JWTKitTests.parseCorruptToken (crashy)", "hmac", "malformedToken", "invalidJSON", ""),
    ("JWTKitTests.expired", "hmac", "claimVerificationFailure(exp)", "expired", ""),
    ("JWTKitTests.expirationDecoding", "hmac", "valid", "valid", ""),
    ("JWTKitTests.sign", "hmac", "valid", "valid", ""),
    ("JWTKitTests.signUnsecuredNone", "hmac", "valid (addUnsecuredNone opt-in)", "unsecuredAlgorithm",
     "alg none is never accepted (RFC 8725 §3.1); jwt-kit accepts it only after addUnsecuredNone()"),
    ("JWTKitTests.jwtioExample", "es256-jwtio", "valid", "valid", ""),
    ("JWTKitTests.jwtioExample (corrupted)", "es256-jwtio", "signatureVerificationFailed", "invalidSignature", ""),
    ("JWTKitTests.customJSONCoders", "hmac", "valid (addUnsecuredNone, ISO-8601 exp decoder)", "unsecuredAlgorithm",
     "alg none is never accepted; an ISO-8601 string exp would be invalidClaim as well"),
    ("JWTKitTests.testKeyCollectionIteration (HMAC)", "hmac", "valid", "valid", ""),
    ("JWTKitTests.testKeyCollectionIteration (ES256, no kid)", "es256-jwtio",
     "signatureVerificationFailed (default key only); valid with iteratingKeys", "valid",
     "without kid PureJOSE tries every key that fits the alg (at most 16); a set mixing HMAC and EC keys is refused, so the EC key is given alone"),
    ("JWTKitTests.addFirebaseJWTAndCertificate", "firebase-cert", "valid (exp checked against distantPast)", "valid",
     "x5c/certificates are not parsed: the certificate's public key is given as SPKI PEM under the token's kid "
     "(a kid selects exactly one key; jwt-kit falls back to its default key); verified at 2020-08-01"),
]
for token, (test, key, jk, pj, policy) in zip(lit, ann):
    add(test, token, key, jk, pj, policy, now=1_596_240_000 if "Firebase" in test else NOW)
for i in (0, 1, 6):   # the three far-future expirations
    cases[i]["policy"] = FAR

# 2. RSATests and PSSTests: one literal token each.
(t,) = dict.fromkeys(tokens_in(rsa))
add("RSATests.verifyRS256", t, "rsa-publicKey2", "valid", "valid")
(t,) = dict.fromkeys(tokens_in(pss))
add("PSSTests.ps256InJWT", t, "pss-publicKey", "valid", "valid")

# 3. X5CTests: 9 literal tokens whose keys come from the token's x5c chain. Out of scope: PureJOSE never takes a
# key from a token (RFC 8725 §3.10); with no key given they fail with keyNotFound.
xs = list(dict.fromkeys(tokens_in(x5c)))
assert len(xs) == 9, len(xs)
for t in xs:
    add("X5CTests (x5c chain)", t, "none", "valid or refused by chain validation", "keyNotFound",
        "out of scope: keys are never taken from x5c (RFC 8725 §3.10)")

# 4. HeaderParsingRegressionTests: literal tokens and tokens built from literal header JSON.
add("HeaderParsingRegressionTests.advisoryProofOfConcept", "eyJhbGciOiJIUzI1NiIsIngiOjFlMzAwfQ.eyJzdWIiOiIxMjMifQ.invalid",
    "hmac", "signatureVerificationFailed", "invalidBase64URL")   # 'invalid' leaves non-zero trailing bits
add("HeaderParsingRegressionTests.emptySignatureFailsVerification", "eyJhbGciOiJIUzI1NiJ9..", "hmac",
    "signatureVerificationFailed", "invalidSignature")
PAYLOAD = '{"sub":"1234567890","exp":4000000000}'
HUGE = "numbers are kept as exact literal text (RFC 8259 §6 leaves the range to implementations); jwt-kit refuses what a Double cannot hold"
# Built tokens are re-signed with the HMAC secret so that PureJOSE's verdict reflects the header alone.
for v in ["1e300", "-1e300", "1e308", "-1e308", "9223372036854775807", "9223372036854775808", "9223372036854775809",
          "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
          "9007199254740992", "9007199254740993", "-9007199254740993", "1.7976931348623157e308", "5e-324"]:
    add("HeaderParsingRegressionTests.representableNumericBoundariesParse", hs256('{"alg":"HS256","x":%s}' % v, PAYLOAD),
        "hmac", "parsed", "valid")
for v in ["1e309", "-1e309", "1e400", "-1e400", "1e-400", "1.7976931348623159e308", "9" * 400, "-" + "9" * 400,
          "0." + "0" * 400 + "1"]:
    add("HeaderParsingRegressionTests.unrepresentableNumericBoundariesAreMalformed",
        hs256('{"alg":"HS256","x":%s}' % v, PAYLOAD), "hmac", "malformedToken", "valid", HUGE)
for v in ["01", "+1", ".5", "5.", "1e", "1e+", "--1", "1.2.3", "0x10", "Infinity", "-Infinity", "NaN"]:
    add("HeaderParsingRegressionTests.unrepresentableNumericBoundariesAreMalformed",
        hs256('{"alg":"HS256","x":%s}' % v, PAYLOAD), "hmac", "malformedToken", "invalidJSON")
add("HeaderParsingRegressionTests.unrepresentableNumericBoundariesAreMalformed",
    hs256('{"alg":"HS256","x":1e999999999999999999}', PAYLOAD), "hmac", "malformedToken", "valid", HUGE)
for v, ok in [("1e300", True), ("9223372036854775808", True), ("-9223372036854775809", True), ("1e400", False)]:
    for shape in ["[%s]", '{"y":%s}', '[[{"y":[%s]}]]']:
        add("HeaderParsingRegressionTests.nestedNumericBoundaries", hs256('{"alg":"HS256","x":%s}' % (shape % v), PAYLOAD),
            "hmac", "parsed" if ok else "malformedToken", "valid", "" if ok else HUGE)


def nested(style, depth):
    if style == "arrays":
        return "[" * depth + "]" * depth
    if style == "objects":
        return '{"a":' * depth + "0" + "}" * depth
    out = "".join("[" if i % 2 == 0 else '{"a":' for i in range(depth)) + "0"
    return out + "".join("]" if i % 2 == 0 else "}" for i in reversed(range(depth)))


for style in ["arrays", "objects", "mixed"]:
    for depth, jk in [(8, "parsed"), (25, "parsed"), (40, "malformedToken"), (200, "malformedToken"),
                      (600, "malformedToken")]:
        # PureJOSE's header depth limit is 32 (the header object plus 31 levels below it).
        pj = "valid" if depth + 1 <= 32 else "limitExceeded"
        add("HeaderParsingRegressionTests.nesting (%s, depth %d)" % (style, depth),
            hs256('{"alg":"HS256","x":%s}' % nested(style, depth), PAYLOAD), "hmac", jk, pj)

ENVELOPE = {"": "malformedToken", ".": "malformedToken", "..": "malformedToken", "...": "malformedToken",
            "a": "malformedToken", "a.b": "malformedToken", "a.b.c.d": "malformedToken", "....": "malformedToken",
            "!!!.!!!.!!!": "invalidBase64URL", ".eyJzdWIiOiIxIn0.": "malformedToken",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0": "malformedToken", "e.e.e": "invalidBase64URL",
            "_-_-.-_-_._-_-": "invalidJSON"}
for t, pj in ENVELOPE.items():
    add("HeaderParsingRegressionTests.malformedEnvelopesThrow", t, "hmac", "malformedToken", pj)

inv = b64u(bytes([0xFF, 0xFE, 0xFD, 0xC0, 0x80]))
add("HeaderParsingRegressionTests.nonUTF8SegmentsThrow (header)", f"{inv}.{inv}.AAAA", "hmac", "malformedToken", "invalidJSON")
add("HeaderParsingRegressionTests.nonUTF8SegmentsThrow (payload)", f"eyJhbGciOiJIUzI1NiJ9.{inv}.AAAA", "hmac",
    "signatureVerificationFailed", "invalidSignature")

SIG = "AAAA"   # jwt-kit's `token(header:)` helper: the header, {"sub":"1234567890"}, and the signature AAAA


def kit_token(header_json):
    return b64u(header_json.encode()) + "." + b64u(b'{"sub":"1234567890"}') + "." + SIG


BADJSON = {"": "malformedToken", "null": "malformedToken", "true": "malformedToken", "[]": "malformedToken",
           "[1,2,3]": "malformedToken", '"string"': "malformedToken", "0": "malformedToken", "{": "invalidJSON",
           '{"alg":}': "invalidJSON", '{"alg"': "invalidJSON", '{"alg":"HS256"': "invalidJSON",
           '{"kid":1e400}': "malformedToken", '{"alg":"HS256","x":"\\ud800"}': "invalidJSON"}
for h, pj in BADJSON.items():
    add("HeaderParsingRegressionTests.malformedHeaderJSONThrows", kit_token(h), "hmac", "malformedToken", pj)

STRICT = "PureJOSE refuses it before any signature check: alg must be a string (RFC 7515 §4.1.1) and names are unique (RFC 7515 §4); jwt-kit reaches the signature check, and (measured) accepts such a header when the HMAC is valid"
for h, jk, pj, pol in [('{"alg":123}', "malformedToken", "malformedToken", ""),
                       ('{"alg":[]}', "malformedToken", "malformedToken", ""),
                       ('{"alg":{}}', "malformedToken", "malformedToken", ""),
                       ('{"alg":null}', "signatureVerificationFailed", "malformedToken", STRICT),
                       ('{"alg":"HS256","alg":"none"}', "signatureVerificationFailed", "duplicateMember", STRICT)]:
    add("HeaderParsingRegressionTests.nonStringAlgReachesSignatureCheck", kit_token(h), "hmac", jk, pj, pol)

out = {
    "description": "Test cases of vapor/jwt-kit 5.8.0's own suite (Tests/JWTKitTests), with jwt-kit's expected outcome "
                   "as its tests assert it and PureJOSE's verdict; 'policy' names the rule behind every difference.",
    "source": "https://github.com/vapor/jwt-kit tag 5.8.0 (MIT License, Copyright (c) 2020 Qutheory, LLC)",
    "generator": "Vectors/jose/jwtkit/generate.py",
    "keys": keys,
    "numberOfCases": len(cases),
    "cases": cases,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jwtkit_cases.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=True)
    f.write("\n")
print(f"{len(cases)} cases -> {path}")
