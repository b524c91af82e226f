// PureJOSE in WebAssembly: JWT verification by the same Swift code as the native library, compiled to
// purejose.wasm (Scripts/build-wasm.sh). No dependencies; works in browsers, Node and Deno. Types: purejose.d.ts;
// package.json beside it (`npm pack` in Web/ makes the package).
//
//   import * as PureJOSE from "./purejose.mjs";
//   await PureJOSE.load();                        // finds purejose.wasm beside this file, or load(bytes | Response | WebAssembly.Module)
//   PureJOSE.verify(token, { key, issuer, audience, nonce, now, leeway, algorithms, … })
//     → { valid: true, header, claims, key }  or  { valid: false, code, reason }     (codes: JWTError's, e.g. "expired")
//   await PureJOSE.jwtVerify(token, key, options) → { payload, protectedHeader, key }   (panva/jose's shape; a refused
//     token rejects with a PureJOSEError subclass: JWTExpired, JWTClaimValidationFailed, … each with `code`)
//   PureJOSE.decode(token) → { header, claims }   (no signature check: inspection only; throws on a malformed token)
//   PureJOSE.createLocalJWKSet(jwks), PureJOSE.describeKey(key)
//
// key: a JWK Set or one JWK (object or JSON text), PEM text (PUBLIC KEY, RSA PUBLIC KEY, or CERTIFICATE — the first
// certificate's key; the chain is not verified), or an HMAC secret as a Uint8Array. (`jwks` and `pem` are the older
// spellings.) Options: an unknown name throws a TypeError naming it; a bad value throws (RangeError): `now` is a Date
// or seconds since 1970 (milliseconds are refused), leeway/clockTolerance ≥ 0, `algorithms` only names this module
// implements. issuer and audience take a string or an array (any of them). panva/jose's names are accepted:
// typ, currentDate, clockTolerance, maxTokenAge ("30s", "5 min", "2h" or seconds), requiredClaims.
//
// Everything runs locally: the module makes no network request of its own (load() reads the .wasm beside this
// file unless given its bytes). The wasm build verifies only: it holds no randomness source to sign with.

let compiled = null;   // WebAssembly.Module
let wasm = null;       // the current instance's exports

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

async function wasmBytes(source) {
    if (source === undefined) {
        const url = new URL("./purejose.wasm", import.meta.url);
        if (url.protocol === "file:" && typeof process !== "undefined" && process.versions?.node) {
            const { readFile } = await import("node:fs/promises");
            return readFile(url);
        }
        const response = await fetch(url);
        if (!response.ok) throw new Error(`purejose.wasm could not be loaded from ${url}: HTTP ${response.status}`);
        return response.arrayBuffer();
    }
    if (typeof Response !== "undefined" && source instanceof Response) return source.arrayBuffer();
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
    throw new TypeError("load() takes nothing, the bytes of purejose.wasm, a Response or a WebAssembly.Module");
}

function instantiate() {
    let exports = null;
    const imports = {
        env: {
            // memory.grow: the allocator's only way to get memory; -1 when the host refuses.
            grow_memory(pages) {
                try { return exports.memory.grow(pages); } catch { return -1; }
            },
            // Seeds Swift's Hasher (hashed collections); verification itself uses no randomness.
            random_bytes(pointer, count) {
                for (let done = 0; done < count; done += 65536) {
                    const n = Math.min(65536, count - done);
                    globalThis.crypto.getRandomValues(new Uint8Array(exports.memory.buffer, pointer + done, n));
                }
            },
        },
    };
    const instance = new WebAssembly.Instance(compiled, imports);
    exports = instance.exports;
    return exports;
}

/** Compiles and instantiates purejose.wasm. Call once before verify/decode; later calls do nothing. */
export async function load(source) {
    if (wasm) return;
    compiled = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(await wasmBytes(source));
    wasm = instantiate();
}

function requireLoaded() {
    if (!wasm) throw new Error("PureJOSE: call `await load()` first");
}

/** Copies strings into the module's memory, runs `body` with (pointer, length) pairs, frees them. */
function withInputs(strings, body) {
    const buffers = strings.map((s) => encoder.encode(s));
    const pointers = buffers.map((b) => wasm.pj_alloc(b.length));
    try {
        buffers.forEach((b, i) => new Uint8Array(wasm.memory.buffer, pointers[i], b.length).set(b));
        return body(pointers.flatMap((p, i) => [p, buffers[i].length]));
    } finally {
        pointers.forEach((p) => wasm.pj_free(p));
    }
}

function readResult() {
    const p = wasm.pj_result_pointer(), n = wasm.pj_result_length();
    const text = decoder.decode(new Uint8Array(wasm.memory.buffer, p, n));
    wasm.pj_result_release();
    return JSON.parse(text);
}

/** Runs one exported call; a trap (out of memory, or a defect) becomes an `internalError` verdict and a fresh instance. */
function call(strings, run) {
    requireLoaded();
    try {
        return withInputs(strings, (args) => { run(...args); return readResult(); });
    } catch (e) {
        if (!(e instanceof WebAssembly.RuntimeError)) throw e;
        wasm = instantiate();
        return { valid: false, code: "internalError", reason: `the WebAssembly module trapped (${e.message}); it has been restarted` };
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** Every refusal: `code` is a JWTError code (e.g. "expired"), `reason` the explanation (never key material). */
export class PureJOSEError extends Error {
    constructor(code, reason) {
        super(`${code}: ${reason}`);
        this.name = "PureJOSEError";
        this.code = code;
        this.reason = reason;
    }
}
/** `exp` is past (code "expired"). */
export class JWTExpired extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "JWTExpired"; } }
/** A claim or `typ` check failed: notYetValid, issuedInFuture, tooOld, missingClaim, invalidClaim, *Mismatch. */
export class JWTClaimValidationFailed extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "JWTClaimValidationFailed"; } }
/** The signature does not verify with the chosen key (code "invalidSignature"). */
export class JWSSignatureVerificationFailed extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "JWSSignatureVerificationFailed"; } }
/** No key fits the token's `kid` / `alg` (codes "keyNotFound", "keyMismatch"). */
export class JWKSNoMatchingKey extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "JWKSNoMatchingKey"; } }
/** The `alg` is not allowed, unsecured (`none`) or not implemented. */
export class JOSEAlgNotAllowed extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "JOSEAlgNotAllowed"; } }
/** The token is not a well-formed compact JWS/JWT (malformedToken, invalidBase64URL, invalidJSON, …). */
export class JWTInvalid extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "JWTInvalid"; } }
/** The key given is unusable (invalidKey, weakKey, unsupportedKey, privateKeyMaterial, mixedKeySet, …). */
export class KeyInvalid extends PureJOSEError { constructor(c, r) { super(c, r); this.name = "KeyInvalid"; } }

const errorClasses = {
    expired: JWTExpired,
    invalidSignature: JWSSignatureVerificationFailed,
    keyNotFound: JWKSNoMatchingKey, keyMismatch: JWKSNoMatchingKey,
    algorithmNotAllowed: JOSEAlgNotAllowed, unsecuredAlgorithm: JOSEAlgNotAllowed, unsupportedAlgorithm: JOSEAlgNotAllowed,
    malformedToken: JWTInvalid, invalidBase64URL: JWTInvalid, invalidJSON: JWTInvalid, duplicateMember: JWTInvalid,
    limitExceeded: JWTInvalid, unsupportedCriticalHeader: JWTInvalid, decodingFailed: JWTInvalid,
    invalidKey: KeyInvalid, weakKey: KeyInvalid, unsupportedKey: KeyInvalid, privateKeyMaterial: KeyInvalid,
    duplicateKeyID: KeyInvalid, mixedKeySet: KeyInvalid, invalidCertificate: KeyInvalid,
};
for (const c of ["notYetValid", "issuedInFuture", "tooOld", "missingClaim", "invalidClaim", "issuerMismatch",
    "audienceMismatch", "subjectMismatch", "nonceMismatch", "typeMismatch"]) errorClasses[c] = JWTClaimValidationFailed;

/** The error object for a refusal verdict `{code, reason}`: the class its code belongs to. */
export function errorFor(verdict) {
    const Class = errorClasses[verdict.code] ?? PureJOSEError;
    return new Class(verdict.code, verdict.reason);
}

// ---------------------------------------------------------------------------------------------------------------
// Keys: a JWK Set, one JWK, a PEM public key or certificate, an HMAC secret — converted here to what the module reads
// (a JWK Set as JSON text, or a PEM public key).

/** The algorithm names the module implements (`algorithms` takes only these; anything else throws). */
export const ALGORITHMS = Object.freeze(["HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "PS256", "PS384",
    "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]);

const base64urlOf = (bytes) => {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const bytesOfBase64 = (text) => {
    const s = atob(text);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
};

/** Decodes base64url text (no padding, no whitespace, no stray bits); null when it is not that. */
export function base64urlDecode(text) {
    if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
    const bytes = bytesOfBase64(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - text.length % 4) % 4));
    return base64urlOf(bytes) === text ? bytes : null;
}

// A small strict DER reader: enough to find a certificate's names, validity and public key, and a public key's
// parameters. Every length is checked against what is left; nesting is walked by the caller, never recursively
// on input-chosen depth.
class DERError extends Error {}
function derItem(b, at, end = b.length) {
    if (at + 2 > end) throw new DERError("truncated DER");
    const tag = b[at];
    let len = b[at + 1], p = at + 2;
    if (len & 0x80) {
        const n = len & 0x7f;
        if (n === 0 || n > 4 || p + n > end) throw new DERError("bad DER length");
        len = 0;
        for (let i = 0; i < n; i++) len = len * 256 + b[p++];
    }
    if (p + len > end) throw new DERError("DER length past the end");
    return { tag, at, start: p, end: p + len, bytes: b.subarray(p, p + len) };
}
function derChildren(b, item) {
    const out = [];
    for (let p = item.start; p < item.end && out.length < 64;) { const c = derItem(b, p, item.end); out.push(c); p = c.end; }
    return out;
}
function oidText(bytes) {
    if (bytes.length === 0 || bytes.length > 64) throw new DERError("bad OID");
    const arcs = [];
    let v = 0;
    for (const x of bytes) { v = v * 128 + (x & 0x7f); if (!(x & 0x80)) { arcs.push(v); v = 0; } }
    const first = arcs.shift();
    return [first < 80 ? Math.floor(first / 40) : 2, first < 80 ? first % 40 : first - 80, ...arcs].join(".");
}
const nameOIDs = { "2.5.4.3": "CN", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.10": "O", "2.5.4.11": "OU",
    "1.2.840.113549.1.9.1": "E" };
function nameText(b, item) {
    const parts = [];
    for (const set of derChildren(b, item)) for (const atv of derChildren(b, set)) {
        const [oid, value] = derChildren(b, atv);
        const key = nameOIDs[oidText(oid.bytes)] ?? oidText(oid.bytes);
        const text = value.tag === 0x1e ? String.fromCharCode(...Array.from({ length: value.bytes.length >> 1 }, (_, i) => value.bytes[2 * i] << 8 | value.bytes[2 * i + 1]))
            : new TextDecoder().decode(value.bytes);
        parts.push(`${key}=${text}`);
    }
    return parts.join(", ");
}
function timeOf(item) {
    const t = new TextDecoder().decode(item.bytes);
    const m = item.tag === 0x17 ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(t) : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(t);
    if (!m) throw new DERError("bad certificate time");
    let year = Number(m[1]);
    if (item.tag === 0x17) year += year < 50 ? 2000 : 1900;
    return Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000;
}
const unsigned = (bytes) => { let i = 0; while (i < bytes.length - 1 && bytes[i] === 0) i++; return bytes.subarray(i); };
const curves = { "1.2.840.10045.3.1.7": ["P-256", 32], "1.3.132.0.34": ["P-384", 48], "1.3.132.0.35": ["P-521", 66] };

/** The public JWK of a SubjectPublicKeyInfo (DER), or null when it is not an RSA, EC (uncompressed) or Ed25519 key. */
function jwkOfSPKI(der) {
    const b = der;
    const spki = derItem(b, 0);
    const [algorithm, bits] = derChildren(b, spki);
    const [oid, params] = derChildren(b, algorithm);
    const key = bits.bytes.subarray(1);
    switch (oidText(oid.bytes)) {
    case "1.2.840.113549.1.1.1": return jwkOfPKCS1(key);
    case "1.2.840.10045.2.1": {
        const curve = params && params.tag === 6 ? curves[oidText(params.bytes)] : undefined;
        if (!curve || key.length !== 1 + 2 * curve[1] || key[0] !== 4) return null;
        return { kty: "EC", crv: curve[0], x: base64urlOf(key.subarray(1, 1 + curve[1])), y: base64urlOf(key.subarray(1 + curve[1])) };
    }
    case "1.3.101.112": return key.length === 32 ? { kty: "OKP", crv: "Ed25519", x: base64urlOf(key) } : null;
    default: return null;
    }
}
function jwkOfPKCS1(der) {
    const [n, e] = derChildren(der, derItem(der, 0));
    return { kty: "RSA", n: base64urlOf(unsigned(n.bytes)), e: base64urlOf(unsigned(e.bytes)) };
}

/** One certificate (DER): subject, issuer, validity, and its SubjectPublicKeyInfo (DER). */
function certificateInfo(der) {
    const cert = derItem(der, 0);
    const [tbs] = derChildren(der, cert);
    const fields = derChildren(der, tbs);
    const f = fields[0].tag === 0xa0 ? fields.slice(1) : fields;
    const [, , issuer, validity, subject, spki] = f;
    const [notBefore, notAfter] = derChildren(der, validity);
    return { subject: nameText(der, subject), issuer: nameText(der, issuer), notBefore: timeOf(notBefore),
        notAfter: timeOf(notAfter), spki: der.subarray(spki.at, spki.end) };
}
const MAX_KEY_TEXT = 1 << 20;
const pemBlock = /-----BEGIN ([A-Z0-9 ]{1,40})-----([A-Za-z0-9+/=\s]*?)-----END \1-----/g;
function pemText(label, der) {
    const b64 = btoa(String.fromCharCode(...der)).replace(/.{64}/g, "$&\n").replace(/\n$/, "");
    return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/**
 * What a key input is, converted for the module: `{form, wasmKind, text, keys, pemJWK, certificates}`.
 * form: "JWK Set", "JWK", "PEM public key", "certificate", "HMAC secret".
 */
function normalizeKey(input) {
    if (input instanceof Uint8Array) {
        if (input.length === 0) throw new RangeError("the HMAC secret is empty");
        const jwk = { kty: "oct", k: base64urlOf(input) };
        return { form: "HMAC secret", wasmKind: 0, text: JSON.stringify({ keys: [jwk] }), keys: [jwk], certificates: [] };
    }
    if (typeof input === "function" && input[localSet]) return input[localSet];
    if (typeof input === "string") {
        // The module's own limits apply to what it reads; this one bounds the PEM and JSON scanning here.
        if (input.length > MAX_KEY_TEXT) throw new PureJOSEError("limitExceeded", `the key text is over ${MAX_KEY_TEXT} characters`);
        const t = input.trim();
        if (t.startsWith("-----BEGIN")) {
            const blocks = [...t.matchAll(pemBlock)];
            if (blocks.length > 0 && blocks[0][1] === "CERTIFICATE") {
                const certificates = [];
                for (const [, label, body] of blocks.slice(0, 16)) {
                    if (label !== "CERTIFICATE") continue;
                    try { certificates.push(certificateInfo(bytesOfBase64(body.replace(/\s+/g, "")))); } catch (e) {
                        throw new PureJOSEError("invalidCertificate", `certificate ${certificates.length + 1} is not readable DER: ${e.message}`);
                    }
                }
                // The leaf: the certificate that issued none of the others (a chain may be written root first).
                const leaf = certificates.find((c) => !certificates.some((o) => o !== c && o.issuer === c.subject && o.subject !== o.issuer)) ?? certificates[0];
                certificates.sort((a, b) => (b === leaf) - (a === leaf));
                let pemJWK = null;
                try { pemJWK = jwkOfSPKI(leaf.spki); } catch { pemJWK = null; }
                return { form: "certificate", wasmKind: 1, text: pemText("PUBLIC KEY", leaf.spki), pemJWK,
                    certificates: certificates.map(({ spki, ...rest }) => rest) };
            }
            let pemJWK = null;
            if (blocks.length === 1) {
                try {
                    const der = bytesOfBase64(blocks[0][2].replace(/\s+/g, ""));
                    pemJWK = blocks[0][1] === "PUBLIC KEY" ? jwkOfSPKI(der) : blocks[0][1] === "RSA PUBLIC KEY" ? jwkOfPKCS1(der) : null;
                } catch { pemJWK = null; }
            }
            return { form: "PEM public key", wasmKind: 1, text: t, pemJWK, certificates: [] };
        }
        if (t.startsWith("{")) {
            let parsed;
            try { parsed = JSON.parse(t); } catch (e) { throw new PureJOSEError("invalidJSON", `the key is not JSON: ${e.message}`); }
            // The text itself goes to the module (its JSON reader is the strict one: duplicate members refused).
            if (parsed && Array.isArray(parsed.keys)) return { form: "JWK Set", wasmKind: 0, text: t, keys: parsed.keys, certificates: [] };
            if (parsed && typeof parsed.kty === "string") return { form: "JWK", wasmKind: 0, text: `{"keys":[${t}]}`, keys: [parsed], certificates: [] };
            throw new PureJOSEError("invalidKey", "the JSON is neither a JWK (no \"kty\") nor a JWK Set (no \"keys\" array)");
        }
        throw new TypeError("a key given as a string must be PEM or JWK / JWK Set JSON; give an HMAC secret as a Uint8Array (e.g. new TextEncoder().encode(secret))");
    }
    if (input !== null && typeof input === "object" && !Array.isArray(input)) {
        if (Array.isArray(input.keys)) return { form: "JWK Set", wasmKind: 0, text: JSON.stringify(input), keys: input.keys, certificates: [] };
        if (typeof input.kty === "string") return { form: "JWK", wasmKind: 0, text: JSON.stringify({ keys: [input] }), keys: [input], certificates: [] };
        throw new TypeError("a key object must be a JWK (with \"kty\") or a JWK Set (with a \"keys\" array)");
    }
    throw new TypeError("the key must be a JWK, a JWK Set, PEM text, a Uint8Array HMAC secret or a createLocalJWKSet() result");
}

let lastKey = { input: undefined, key: null };
function keyFor(input) {
    // Strings (PEM, JSON text) are converted once and kept while the same text comes back.
    if (typeof input === "string" && lastKey.input === input) return lastKey.key;
    const key = normalizeKey(input);
    if (typeof input === "string") lastKey = { input, key };
    return key;
}

/**
 * What a key input holds, for display: its form, its keys (kid, kty, crv, alg — never secret or private values) and,
 * for certificates, each certificate's subject, issuer and validity (seconds since 1970). Throws on unusable input.
 */
export function describeKey(input) {
    const k = normalizeKey(input);
    const keys = k.wasmKind === 0 ? k.keys : k.pemJWK ? [k.pemJWK] : [];
    return {
        form: k.form,
        keys: keys.map((j) => ({ kid: j?.kid, kty: j?.kty, crv: j?.crv, alg: j?.alg, use: j?.use,
            bits: j?.kty === "RSA" && typeof j.n === "string" ? base64urlDecode(j.n)?.length * 8 : j?.kty === "oct" && typeof j.k === "string" ? (base64urlDecode(j.k)?.length ?? 0) * 8 : undefined })),
        certificates: k.certificates,
    };
}

const localSet = Symbol("purejose.localJWKSet");

/**
 * As panva/jose's createLocalJWKSet: a function (protectedHeader) → the JWK the header selects (by `kid`, else the
 * one key fitting `alg`), usable as `verify`'s `key` or `jwtVerify`'s key. The set is read and checked once.
 */
export function createLocalJWKSet(jwks) {
    const k = normalizeKey(typeof jwks === "string" ? jwks : jwks);
    if (k.wasmKind !== 0 || k.form !== "JWK Set") throw new TypeError("createLocalJWKSet takes a JWK Set ({keys: […]})");
    const frozen = { ...k, keys: k.keys.map((j) => Object.freeze({ ...j })) };
    const select = (protectedHeader = {}) => {
        const found = candidates(frozen.keys, protectedHeader);
        if (found.length === 0) throw new JWKSNoMatchingKey("keyNotFound", "no key in the set fits the token's kid and alg");
        if (found.length > 1) throw new JWKSNoMatchingKey("keyNotFound", "several keys fit the token's alg and it names no kid");
        return found[0];
    };
    select[localSet] = frozen;
    return select;
}

function fitsAlgorithm(jwk, alg) {
    if (!jwk || typeof jwk !== "object") return false;
    if (jwk.alg !== undefined && jwk.alg !== alg) return false;
    if (/^HS/.test(alg)) return jwk.kty === "oct";
    if (/^(RS|PS)/.test(alg)) return jwk.kty === "RSA";
    if (alg === "ES256") return jwk.kty === "EC" && jwk.crv === "P-256";
    if (alg === "ES384") return jwk.kty === "EC" && jwk.crv === "P-384";
    if (alg === "ES512") return jwk.kty === "EC" && jwk.crv === "P-521";
    if (alg === "EdDSA" || alg === "Ed25519") return jwk.kty === "OKP" && jwk.crv === "Ed25519";
    return false;
}
function candidates(keys, header) {
    if (typeof header.kid === "string") return keys.filter((j) => j && j.kid === header.kid);
    return keys.filter((j) => fitsAlgorithm(j, header.alg));
}
/** The verified key as returned: the JWK without secret members (an HMAC key's `k`). */
function publicView(jwk) {
    if (!jwk) return null;
    const { k, d, p, q, dp, dq, qi, ...rest } = jwk;
    return rest;
}

// ---------------------------------------------------------------------------------------------------------------
// Options

const optionNames = new Set(["key", "jwks", "pem", "issuer", "audience", "subject", "nonce", "typ", "type", "now",
    "currentDate", "leeway", "clockTolerance", "maxAge", "maxTokenAge", "requiredClaims", "requireExpiration", "algorithms"]);
const aliases = [["typ", "type"], ["now", "currentDate"], ["leeway", "clockTolerance"], ["maxAge", "maxTokenAge"]];
const MAX_SECONDS = 253402300799;   // 9999-12-31T23:59:59Z

/** Seconds from a number or a panva/jose-style duration ("30s", "5 min", "2 hours", "1d"). */
function seconds(name, v) {
    if (typeof v === "number") {
        if (!Number.isFinite(v)) throw new RangeError(`options.${name} must be a finite number of seconds`);
        return v;
    }
    if (typeof v === "string") {
        const m = /^(\d+(?:\.\d+)?) ?(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|y|yrs?|years?)$/i.exec(v.trim());
        if (!m) throw new RangeError(`options.${name}: "${v}" is not a duration (e.g. 30, "30s", "5 min", "2h", "1d")`);
        const unit = m[2].toLowerCase()[0];
        return Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86400, w: 604800, y: 31557600 }[unit];
    }
    throw new TypeError(`options.${name} must be a number of seconds or a duration string`);
}

function stringOrList(name, v) {
    if (typeof v === "string") return [v];
    if (Array.isArray(v) && v.length > 0 && v.length <= 256 && v.every((x) => typeof x === "string")) return v;
    throw new TypeError(`options.${name} must be a string or a non-empty array of strings (any of them is accepted)`);
}

function readOptions(options, where) {
    if (options === null || typeof options !== "object") throw new TypeError(`${where}: options must be an object`);
    for (const name of Object.keys(options)) {
        if (!optionNames.has(name)) throw new TypeError(`${where}: unknown option "${name}" (known: ${[...optionNames].join(", ")})`);
    }
    for (const [a, b] of aliases) {
        if (options[a] !== undefined && options[b] !== undefined) throw new TypeError(`${where}: give options.${a} or options.${b}, not both`);
    }
    const wasm = {}, after = {};
    for (const name of ["subject", "nonce"]) {
        const v = options[name];
        if (v === undefined) continue;
        if (typeof v !== "string") throw new TypeError(`${where}: options.${name} must be a string`);
        wasm[name] = v;
    }
    const type = options.typ ?? options.type;
    if (type !== undefined) {
        if (typeof type !== "string") throw new TypeError(`${where}: options.typ must be a string`);
        wasm.type = type;
    }
    for (const name of ["issuer", "audience"]) {
        if (options[name] === undefined) continue;
        const list = stringOrList(name, options[name]);
        if (list.length === 1) wasm[name] = list[0];
        else after[name] = list;
    }
    const nowName = options.now !== undefined ? "now" : "currentDate";
    let now = options[nowName];
    if (now === undefined) now = Date.now() / 1000;
    else if (now instanceof Date) {
        now = now.getTime() / 1000;
        if (!Number.isFinite(now)) throw new RangeError(`${where}: options.${nowName} is an invalid Date`);
    } else if (typeof now !== "number") {
        throw new TypeError(`${where}: options.${nowName} must be a Date or a number of seconds since 1970`);
    }
    if (!Number.isFinite(now) || now < 0 || now > MAX_SECONDS) {
        throw new RangeError(`${where}: options.${nowName} (${now}) is not seconds since 1970 between 0 and ${MAX_SECONDS}` +
            (now > MAX_SECONDS && now < MAX_SECONDS * 1000 ? " — it looks like milliseconds (Date.now()): pass a Date or Date.now() / 1000" : ""));
    }
    wasm.now = now;
    const leewayName = options.leeway !== undefined ? "leeway" : "clockTolerance";
    if (options[leewayName] !== undefined) {
        const l = seconds(leewayName, options[leewayName]);
        if (l < 0) throw new RangeError(`${where}: options.${leewayName} must not be negative (${l})`);
        wasm.leeway = l;
    }
    const ageName = options.maxAge !== undefined ? "maxAge" : "maxTokenAge";
    if (options[ageName] !== undefined) {
        const a = seconds(ageName, options[ageName]);
        if (a < 0) throw new RangeError(`${where}: options.${ageName} must not be negative (${a})`);
        wasm.maxAge = a;
    }
    if (options.requireExpiration !== undefined) {
        if (typeof options.requireExpiration !== "boolean") throw new TypeError(`${where}: options.requireExpiration must be a boolean`);
        wasm.requireExpiration = options.requireExpiration;
    }
    if (options.requiredClaims !== undefined) {
        const r = options.requiredClaims;
        if (!Array.isArray(r) || r.length > 256 || !r.every((x) => typeof x === "string")) throw new TypeError(`${where}: options.requiredClaims must be an array of claim names`);
        after.requiredClaims = r;
    }
    if (options.algorithms !== undefined) {
        if (!Array.isArray(options.algorithms) || !options.algorithms.every((a) => typeof a === "string")) {
            throw new TypeError(`${where}: options.algorithms must be an array of algorithm names`);
        }
        for (const a of options.algorithms) {
            if (!ALGORITHMS.includes(a)) throw new RangeError(`${where}: options.algorithms names "${a}", which is not an algorithm this library implements (${ALGORITHMS.join(", ")})`);
        }
        wasm.algorithms = options.algorithms;
    }
    return { wasm, after };
}

const q = (s) => JSON.stringify(String(s)).slice(0, 120);
/** The checks the module is not given (issuer/audience lists, required claims), on a verified token. */
function checkAfter(after, claims) {
    if (after.issuer) {
        if (claims.iss === undefined) return { code: "missingClaim", reason: "claim \"iss\" is required" };
        if (!after.issuer.includes(claims.iss)) return { code: "issuerMismatch", reason: `issuer ${q(claims.iss)} is none of the ${after.issuer.length} expected` };
    }
    if (after.audience) {
        if (claims.aud === undefined) return { code: "missingClaim", reason: "claim \"aud\" is required" };
        const auds = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
        if (!auds.some((a) => after.audience.includes(a))) return { code: "audienceMismatch", reason: `audience includes none of the ${after.audience.length} expected` };
    }
    for (const name of after.requiredClaims ?? []) {
        if (!Object.prototype.hasOwnProperty.call(claims, name)) return { code: "missingClaim", reason: `claim ${q(name)} is required` };
    }
    return null;
}

function keyOption(options, where) {
    const given = ["key", "jwks", "pem"].filter((n) => options[n] !== undefined);
    if (given.length !== 1) throw new TypeError(`${where}: give exactly one of options.key, options.jwks and options.pem`);
    const v = options[given[0]];
    if (given[0] === "pem" && typeof v !== "string") throw new TypeError(`${where}: options.pem must be a string`);
    if (given[0] === "jwks" && (v === null || (typeof v !== "string" && typeof v !== "object"))) {
        throw new TypeError(`${where}: options.jwks must be a JWK Set (object or JSON text)`);
    }
    return keyFor(v);
}

/** The kid a token's header names (read leniently: the module reads the header strictly), or undefined. */
function headerKid(token) {
    const dot = token.indexOf(".");
    if (dot <= 0 || dot > 8192) return undefined;
    try {
        const kid = JSON.parse(new TextDecoder().decode(base64urlDecode(token.slice(0, dot)) ?? new Uint8Array())).kid;
        return typeof kid === "string" ? kid : undefined;
    } catch { return undefined; }
}

/**
 * One key given alone (a JWK without `kid`, an HMAC secret) is the key whatever `kid` the token names, as a PEM key
 * is (and as jwt.io and panva/jose take a single key): it takes that kid. A JWK that names its own kid keeps it.
 */
function keyForToken(key, token) {
    if (key.wasmKind !== 0 || key.keys.length !== 1 || key.form === "JWK Set" || !key.keys[0] || key.keys[0].kid !== undefined) return key;
    const kid = headerKid(token);
    if (kid === undefined) return key;
    const jwk = { ...key.keys[0], kid };
    return { ...key, text: JSON.stringify({ keys: [jwk] }), keys: [jwk] };
}

function runVerify(token, givenKey, settings) {
    const key = keyForToken(givenKey, token);
    const r = call([token, key.text, JSON.stringify(settings.wasm)], (t, tn, k, kn, o, on) => {
        wasm.pj_verify(t, tn, k, kn, key.wasmKind, o, on);
    });
    if (!r.valid) {
        // A JWK Set reader skips keys it cannot use (RFC 7517 §5); for one JWK given alone that is the answer.
        if (r.code === "keyNotFound" && key.form === "JWK" && key.keys[0]?.kid === headerKid(token)) {
            return { valid: false, code: "invalidKey", reason: `the JWK (kty ${q(key.keys[0]?.kty)}) is not a usable public key: a member is missing or malformed, or its kty/crv is not supported` };
        }
        return r;
    }
    const refused = checkAfter(settings.after, r.claims);
    if (refused) return { valid: false, ...refused };
    r.key = verifiedKey(token, key, r.header, settings);
    return r;
}

function verifiedKey(token, key, header, settings) {
    if (key.wasmKind === 1) return key.pemJWK ? { ...key.pemJWK, ...(typeof header.kid === "string" ? { kid: header.kid } : {}) } : null;
    const found = candidates(key.keys, header);
    if (found.length <= 1) return publicView(found[0]);
    // Several keys fit and the token names no kid: the one that verifies is found by trying each alone.
    for (const jwk of found) {
        const one = { wasmKind: 0, text: JSON.stringify({ keys: [jwk] }), keys: [jwk] };
        const r = call([token, one.text, JSON.stringify(settings.wasm)], (t, tn, k, kn, o, on) => { wasm.pj_verify(t, tn, k, kn, 0, o, on); });
        if (r.valid) return publicView(jwk);
    }
    return null;
}

/**
 * Verifies a JWT (compact JWS): signature, `alg` rules, then the claims. Returns a verdict; throws only on misuse
 * (a TypeError for an unknown option or a wrong type, a RangeError for a bad value).
 * @returns {{valid: true, header: object, claims: object, key: object|null} | {valid: false, code: string, reason: string}}
 */
export function verify(token, options = {}) {
    if (typeof token !== "string") throw new TypeError("verify: the token must be a string");
    const settings = readOptions(options, "verify");
    let key;
    try { key = keyOption(options, "verify"); } catch (e) {
        if (e instanceof PureJOSEError) return { valid: false, code: e.code, reason: e.reason };
        throw e;
    }
    return runVerify(token, key, settings);
}

/**
 * As panva/jose's jwtVerify: `key` is a JWK, a JWK Set, PEM text (public key or certificate), a Uint8Array HMAC
 * secret or a createLocalJWKSet() result. Resolves to {payload, protectedHeader, key}; a refused token rejects with
 * a PureJOSEError subclass (JWTExpired, JWTClaimValidationFailed, JWSSignatureVerificationFailed, …) carrying `code`.
 */
export async function jwtVerify(token, key, options = {}) {
    if (typeof token !== "string") throw new TypeError("jwtVerify: the token must be a string");
    if (options === null || typeof options !== "object") throw new TypeError("jwtVerify: options must be an object");
    for (const n of ["key", "jwks", "pem"]) if (n in options) throw new TypeError(`jwtVerify: unknown option "${n}" (the key is the second argument)`);
    const settings = readOptions(options, "jwtVerify");
    const r = runVerify(token, keyFor(key), settings);
    if (!r.valid) throw errorFor(r);
    return { payload: r.claims, protectedHeader: r.header, key: r.key };
}

/**
 * Reads a token's header and claims WITHOUT checking the signature — for display only, never for a trust decision.
 * @returns {{header: object, claims: object}}  throws PureJOSEError for a malformed token.
 */
export function decode(token) {
    if (typeof token !== "string") throw new TypeError("decode: the token must be a string");
    const r = call([token], (t, tn) => { wasm.pj_decode(t, tn); });
    if (r.valid === false) throw errorFor(r);
    return { header: r.header, claims: r.claims };
}
