#!/usr/bin/env node
// Tokens and keys for Scripts/web-test.py, made by Node's own crypto (OpenSSL), not by PureJOSE: an Apple-shaped
// ES256 token (issuer, audience, nonce, exp 10 min after NOW), its twins (expired, alg none, tampered), the key as a
// JWK Set, one JWK and a PEM public key; a token signed by the x5c-tokens test leaf with its certificate chain
// (Vectors/x5c-tokens); HS256 tokens for a text secret and a base64url secret. Prints one JSON object.
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const NOW = 1767225600;   // 2026-01-01T00:00:00Z
const b64 = (b) => Buffer.from(b).toString("base64url");
const part = (o) => b64(JSON.stringify(o));
function sign(header, claims, key) {
    const input = `${part(header)}.${part(claims)}`;
    const sig = header.alg === "HS256" ? crypto.createHmac("sha256", key).update(input).digest()
        : crypto.sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" });
    return `${input}.${b64(sig)}`;
}
const ec = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
const jwk = { ...ec.publicKey.export({ format: "jwk" }), kid: "W6WcOKB", use: "sig", alg: "ES256" };
const other = { ...crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" }), kid: "other" };
const claims = { iss: "https://appleid.apple.com", aud: "com.example.purejose", exp: NOW + 600, iat: NOW - 60,
    sub: "001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234", nonce: "7b8f1e2c", c_hash: "t2Kc0xW7xV8aR3y6p5NnBg",
    email: "8x2kq4m9zz@privaterelay.appleid.com", email_verified: true, is_private_email: true, auth_time: NOW - 65,
    nonce_supported: true, real_user_status: 2 };
const header = { kid: "W6WcOKB", alg: "ES256" };
const apple = sign(header, claims, ec.privateKey);
const [h, , s] = apple.split(".");
const leafKey = crypto.createPrivateKey(readFileSync(join(root, "Vectors/x5c-tokens/leaf.key.pem")));
const textSecret = "correct horse battery staple — a shared secret";
const rawSecret = crypto.randomBytes(32);
console.log(JSON.stringify({
    now: NOW, claims, header,
    jwks: { keys: [other, jwk] }, jwk, pem: ec.publicKey.export({ format: "pem", type: "spki" }),
    apple,
    expired: sign(header, { ...claims, exp: NOW - 3720 }, ec.privateKey),
    algNone: `${part({ alg: "none" })}.${part(claims)}.`,
    tampered: `${h}.${part({ ...claims, sub: "someone-else" })}.${s}`,
    chainPEM: readFileSync(join(root, "Vectors/x5c-tokens/chain.pem"), "utf8"),
    certToken: sign({ alg: "ES256", typ: "JWT" }, claims, leafKey),
    textSecret, hsText: sign({ alg: "HS256", typ: "JWT" }, claims, Buffer.from(textSecret, "utf8")),
    rawSecret: b64(rawSecret), hsRaw: sign({ alg: "HS256" }, claims, rawSecret),
}));
