// purejose.mjs's API as a JavaScript developer meets it (issue 46): options checked by name and value, `now` as a
// Date, issuer/audience lists, every key form (JWK Set, one JWK, PEM public key, PEM certificate, HMAC secret),
// panva/jose's option names and error classes, the verified key in the result, createLocalJWKSet, and the npm
// package (package.json, purejose.d.ts, `npm pack`). Tokens are signed by Node's own crypto (OpenSSL), not PureJOSE.
// Run: node --test WASM/Tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { readFileSync, writeFileSync, mkdtempSync, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as PureJOSE from "../../Web/purejose.mjs";
import { root } from "./native.mjs";

await PureJOSE.load();
const NOW = 1767225600;   // 2026-01-01T00:00:00Z
const b64 = (b) => Buffer.from(b).toString("base64url");
const part = (o) => b64(JSON.stringify(o));

function sign(alg, key, header, claims) {
    const input = `${part({ alg, ...header })}.${part(claims)}`;
    let sig;
    if (alg.startsWith("HS")) sig = crypto.createHmac(`sha${alg.slice(2)}`, key).update(input).digest();
    else if (alg === "ES256") sig = crypto.sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" });
    else if (alg === "ES384") sig = crypto.sign("sha384", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" });
    else if (alg === "RS256") sig = crypto.sign("sha256", Buffer.from(input), key);
    else throw new Error(alg);
    return `${input}.${b64(sig)}`;
}

const ec = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
const ec2 = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
const rsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const ecJWK = { ...ec.publicKey.export({ format: "jwk" }), kid: "ec-1", alg: "ES256", use: "sig" };
const ec2JWK = { ...ec2.publicKey.export({ format: "jwk" }), kid: "ec-2" };
const rsaJWK = { ...rsa.publicKey.export({ format: "jwk" }), kid: "rsa-1" };
const set = { keys: [ecJWK, ec2JWK, rsaJWK] };
const claims = { iss: "https://issuer.example", aud: ["app-a", "app-b"], sub: "user-7", nonce: "n-1",
    iat: NOW - 120, exp: NOW + 600, scope: "read" };
const esToken = sign("ES256", ec.privateKey, { kid: "ec-1", typ: "JWT" }, claims);
const base = { now: NOW, issuer: "https://issuer.example", audience: "app-a" };

test("unknown option names throw a TypeError naming the option (panva/jose-only names and typos alike)", () => {
    for (const name of ["audiance", "issuers", "maxAgeSeconds", "clockSkew", "foo"]) {
        assert.throws(() => PureJOSE.verify(esToken, { key: set, ...base, [name]: "x" }),
            (e) => e instanceof TypeError && e.message.includes(`"${name}"`), name);
    }
    // The typo used to be ignored, and this token (audience app-a/app-b) accepted for "other".
    assert.throws(() => PureJOSE.verify(esToken, { key: set, now: NOW, audiance: "other" }), TypeError);
    assert.throws(() => PureJOSE.verify(esToken, { key: set, leeway: 1, clockTolerance: 1, now: NOW }), TypeError);
    assert.throws(() => PureJOSE.verify(esToken, { key: set, jwks: set, now: NOW }), TypeError);
    assert.throws(() => PureJOSE.verify(esToken, { now: NOW }), TypeError);
    assert.throws(() => PureJOSE.verify(esToken, { key: set, now: NOW, issuer: 5 }), TypeError);
    assert.throws(() => PureJOSE.verify(esToken, { key: set, now: NOW, issuer: [] }), TypeError);
    assert.throws(() => PureJOSE.verify(esToken, { key: "just text", now: NOW }), TypeError);
    return assert.rejects(PureJOSE.jwtVerify(esToken, set, { jwks: set }), TypeError);
});

test("now: a Date, or seconds; milliseconds and out-of-range numbers throw", () => {
    const atDate = PureJOSE.verify(esToken, { key: set, ...base, now: new Date(NOW * 1000) });
    assert.equal(atDate.valid, true, JSON.stringify(atDate));
    assert.equal(PureJOSE.verify(esToken, { key: set, ...base, now: NOW + 601 }).code, "expired");
    assert.equal(PureJOSE.verify(esToken, { key: set, ...base, now: new Date((NOW + 601) * 1000) }).code, "expired");
    assert.throws(() => PureJOSE.verify(esToken, { key: set, ...base, now: NOW * 1000 }), (e) => e instanceof RangeError && /milliseconds/.test(e.message));
    for (const bad of [-1, NaN, Infinity, 253402300800]) assert.throws(() => PureJOSE.verify(esToken, { key: set, ...base, now: bad }), RangeError, String(bad));
    assert.throws(() => PureJOSE.verify(esToken, { key: set, ...base, now: new Date(NaN) }), RangeError);
    assert.throws(() => PureJOSE.verify(esToken, { key: set, ...base, now: "2026-01-01" }), TypeError);
    // Without `now`, the current time: the token of 2026-01-01 + 600 s is expired now unless the clock says otherwise.
    const current = PureJOSE.verify(esToken, { key: set, issuer: base.issuer, audience: "app-a" });
    assert.equal(current.valid, Date.now() / 1000 < NOW + 600 && Date.now() / 1000 >= NOW - 120);
    // panva/jose's currentDate
    assert.equal(PureJOSE.verify(esToken, { key: set, issuer: base.issuer, currentDate: new Date(NOW * 1000) }).valid, true);
});

test("leeway / clockTolerance: seconds or a duration, never negative; applied to exp", () => {
    const late = { key: set, issuer: base.issuer, now: NOW + 630 };   // 30 s after exp
    assert.equal(PureJOSE.verify(esToken, late).code, "expired");
    assert.equal(PureJOSE.verify(esToken, { ...late, leeway: 29 }).code, "expired");
    assert.equal(PureJOSE.verify(esToken, { ...late, leeway: 31 }).valid, true);
    assert.equal(PureJOSE.verify(esToken, { ...late, clockTolerance: "1 min" }).valid, true);
    assert.equal(PureJOSE.verify(esToken, { ...late, clockTolerance: "20s" }).code, "expired");
    assert.throws(() => PureJOSE.verify(esToken, { ...late, leeway: -1 }), RangeError);
    assert.throws(() => PureJOSE.verify(esToken, { ...late, clockTolerance: "-5s" }), RangeError);
    assert.throws(() => PureJOSE.verify(esToken, { ...late, leeway: "soon" }), RangeError);
});

test("issuer and audience: a string or an array, any of which is accepted", () => {
    const v = (o) => PureJOSE.verify(esToken, { key: set, now: NOW, ...o });
    assert.equal(v({ issuer: ["https://a.example", "https://issuer.example"] }).valid, true);
    assert.deepEqual([v({ issuer: ["https://a.example", "https://b.example"] }).code], ["issuerMismatch"]);
    assert.equal(v({ issuer: ["https://issuer.example"] }).valid, true);
    assert.equal(v({ audience: ["app-z", "app-b"] }).valid, true);
    assert.equal(v({ audience: ["app-z", "app-y"] }).code, "audienceMismatch");
    assert.equal(v({ audience: "app-z" }).code, "audienceMismatch");
    // A list does not excuse a missing claim, nor a bad signature (checked first).
    const noIss = sign("ES256", ec.privateKey, { kid: "ec-1" }, { aud: "app-a", exp: NOW + 60 });
    assert.equal(PureJOSE.verify(noIss, { key: set, now: NOW, issuer: ["x", "y"] }).code, "missingClaim");
    const forged = esToken.slice(0, -4) + (esToken.endsWith("AAAA") ? "BBBB" : "AAAA");
    assert.equal(PureJOSE.verify(forged, { key: set, now: NOW, issuer: ["x", "y"] }).code, "invalidSignature");
});

test("algorithms: only names the module implements; an unknown one throws", () => {
    for (const a of PureJOSE.ALGORITHMS) {
        const r = PureJOSE.verify(esToken, { key: set, ...base, algorithms: [a] });
        assert.equal(r.valid, a === "ES256", `${a}: ${JSON.stringify(r)}`);
        if (a !== "ES256") assert.equal(r.code, "algorithmNotAllowed");
    }
    for (const bad of ["HS1", "none", "es256", "RSA-OAEP", ""]) {
        assert.throws(() => PureJOSE.verify(esToken, { key: set, ...base, algorithms: [bad] }), (e) => e instanceof RangeError && e.message.includes(`"${bad}"`));
    }
    // The list equals the library's JWSAlgorithm cases (Sources/JOSE/Algorithms/JWSAlgorithm.swift).
    const swift = readFileSync(join(root, "Sources/JOSE/Algorithms/JWSAlgorithm.swift"), "utf8");
    const names = [...swift.matchAll(/case ([a-z0-9A-Z, =""]+)\n/g)].flatMap((m) => [...m[1].matchAll(/= "([^"]+)"/g)].map((x) => x[1]));
    assert.deepEqual([...PureJOSE.ALGORITHMS].sort(), names.sort());
});

test("keys: a JWK Set, one JWK (object or text), PEM SPKI and PKCS#1, an HMAC secret; the verified key is returned", () => {
    const forms = {
        set, setText: JSON.stringify(set), one: ecJWK, oneText: JSON.stringify(ecJWK),
        pem: ec.publicKey.export({ format: "pem", type: "spki" }),
    };
    for (const [name, key] of Object.entries(forms)) {
        const r = PureJOSE.verify(esToken, { key, ...base });
        assert.equal(r.valid, true, `${name}: ${JSON.stringify(r)}`);
        assert.equal(r.header.kid, "ec-1");
        assert.equal(r.key.x, ecJWK.x, name);
        assert.equal(r.key.y, ecJWK.y, name);
        assert.equal(r.key.kid, "ec-1", name);
    }
    // The older option names still work.
    assert.equal(PureJOSE.verify(esToken, { jwks: set, ...base }).valid, true);
    assert.equal(PureJOSE.verify(esToken, { pem: forms.pem, ...base }).valid, true);
    // The other key of the set does not verify the token.
    const wrong = PureJOSE.verify(esToken, { key: { ...ec2JWK, kid: "ec-1" }, ...base });
    assert.equal(wrong.code, "invalidSignature");
    // RSA: a PKCS#1 "RSA PUBLIC KEY" PEM; the returned JWK equals Node's export of the key.
    const rsToken = sign("RS256", rsa.privateKey, {}, claims);
    const r1 = PureJOSE.verify(rsToken, { key: rsa.publicKey.export({ format: "pem", type: "pkcs1" }), ...base });
    assert.equal(r1.valid, true, JSON.stringify(r1));
    assert.deepEqual({ n: r1.key.n, e: r1.key.e, kty: r1.key.kty }, { n: rsaJWK.n, e: rsaJWK.e, kty: "RSA" });
    // No kid, two keys of the same type: the key that verified is the one returned.
    const noKid = sign("ES256", ec2.privateKey, {}, claims);
    const both = PureJOSE.verify(noKid, { key: { keys: [ecJWK, { ...ec2JWK, kid: undefined }].map((j) => JSON.parse(JSON.stringify(j))) }, ...base });
    assert.equal(both.valid, true, JSON.stringify(both));
    assert.equal(both.key.x, ec2JWK.x);
    // A private key is refused, not used.
    const priv = PureJOSE.verify(esToken, { key: ec.privateKey.export({ format: "pem", type: "pkcs8" }), ...base });
    assert.deepEqual([priv.valid, priv.code], [false, "privateKeyMaterial"]);
    // JSON that is neither a JWK nor a set, and bad JSON: verdicts with codes.
    assert.equal(PureJOSE.verify(esToken, { key: '{"a":1}', ...base }).code, "invalidKey");
    assert.equal(PureJOSE.verify(esToken, { key: '{"keys":[', ...base }).code, "invalidJSON");
});

test("HMAC: a Uint8Array secret (text through TextEncoder, or raw bytes); the secret never comes back", () => {
    const secret = "a shared secret of more than thirty-two bytes!";
    const hs = sign("HS256", Buffer.from(secret), { kid: "h" }, claims);
    const r = PureJOSE.verify(hs, { key: new TextEncoder().encode(secret), ...base });
    assert.equal(r.valid, true, JSON.stringify(r));
    assert.deepEqual(r.key, { kty: "oct", kid: "h" });
    assert.equal(PureJOSE.verify(hs, { key: new TextEncoder().encode(secret + "x"), ...base }).code, "invalidSignature");
    const raw = crypto.randomBytes(64);
    const hs512 = sign("HS512", raw, {}, claims);
    assert.equal(PureJOSE.verify(hs512, { key: new Uint8Array(raw), ...base }).valid, true);
    assert.throws(() => PureJOSE.verify(hs, { key: new Uint8Array(0), ...base }), RangeError);
    // base64url helper for the page's "secret is base64url" form: strict.
    assert.deepEqual(PureJOSE.base64urlDecode(b64(raw)), new Uint8Array(raw));
    for (const bad of ["a", "ab=", "a+b/", "AB"]) assert.equal(PureJOSE.base64urlDecode(bad), null, bad);
});

test("certificates: the leaf's key verifies; the chain is described as Node's X509Certificate reads it", () => {
    const leafPEM = readFileSync(join(root, "Vectors/x5c-tokens/leaf.pem"), "utf8");
    const chainPEM = readFileSync(join(root, "Vectors/x5c-tokens/chain.pem"), "utf8");
    const leafKey = crypto.createPrivateKey(readFileSync(join(root, "Vectors/x5c-tokens/leaf.key.pem"), "utf8"));
    const token = sign("ES256", leafKey, { kid: "leaf" }, claims);
    for (const pem of [leafPEM, chainPEM]) {
        const r = PureJOSE.verify(token, { key: pem, ...base });
        assert.equal(r.valid, true, JSON.stringify(r));
        const node = new crypto.X509Certificate(leafPEM).publicKey.export({ format: "jwk" });
        assert.deepEqual([r.key.x, r.key.y], [node.x, node.y]);
    }
    const described = PureJOSE.describeKey(chainPEM);
    const blocks = chainPEM.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
    // chain.pem is written root first; the leaf (the signer) comes first in the description, the rest in file order.
    blocks.unshift(blocks.pop());
    assert.match(described.certificates[0].subject, /CN=Signer/);
    assert.equal(described.form, "certificate");
    assert.equal(described.certificates.length, blocks.length);
    described.certificates.forEach((c, i) => {
        const x = new crypto.X509Certificate(blocks[i]);
        for (const rdn of x.subject.split("\n")) assert.ok(c.subject.includes(rdn), `${rdn} in ${c.subject}`);
        for (const rdn of x.issuer.split("\n")) assert.ok(c.issuer.includes(rdn), `${rdn} in ${c.issuer}`);
        assert.equal(c.notBefore * 1000, Date.parse(x.validFrom));
        assert.equal(c.notAfter * 1000, Date.parse(x.validTo));
    });
    // Another key's token is refused with the certificate.
    assert.equal(PureJOSE.verify(esToken, { key: leafPEM, ...base }).code, "invalidSignature");
    // Key text over 1 MiB, and 2,000 unterminated PEM blocks: verdicts, quickly.
    assert.equal(PureJOSE.verify(token, { key: leafPEM + " ".repeat(1 << 20), ...base }).code, "limitExceeded");
    const t0 = performance.now();
    const many = PureJOSE.verify(token, { key: "-----BEGIN CERTIFICATE-----\nAAAA\n".repeat(2000), ...base });
    assert.equal(many.valid, false);
    assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms for 2,000 unterminated PEM blocks`);
    // A damaged certificate is a verdict, not a crash.
    const broken = leafPEM.replace(/\n[A-Za-z0-9+/]{10}/, "\nAAAAAAAAAA");
    assert.equal(PureJOSE.verify(token, { key: broken, ...base }).valid, false);
    console.log(`[vectors] Vectors/x5c-tokens/leaf.pem, chain.pem (${blocks.length} certificates), leaf.key.pem: 3 files`);
    assert.equal(blocks.length, 3);
});

test("panva/jose names: typ, maxTokenAge, requiredClaims, clockTolerance, currentDate", () => {
    const v = (o) => PureJOSE.verify(esToken, { key: set, ...base, ...o });
    assert.equal(v({ typ: "JWT" }).valid, true);
    assert.equal(v({ typ: "at+jwt" }).code, "typeMismatch");
    assert.equal(v({ maxTokenAge: "3 min" }).valid, true);    // iat 120 s ago
    assert.equal(v({ maxTokenAge: "1m" }).code, "tooOld");
    assert.equal(v({ maxTokenAge: 60 }).code, "tooOld");
    assert.equal(v({ requiredClaims: ["sub", "scope"] }).valid, true);
    assert.equal(v({ requiredClaims: ["sub", "email"] }).code, "missingClaim");
    assert.match(v({ requiredClaims: ["email"] }).reason, /email/);
    assert.equal(v({ subject: "user-7", nonce: "n-1" }).valid, true);
    assert.equal(v({ nonce: "n-2" }).code, "nonceMismatch");
});

test("jwtVerify: panva/jose's shape; refusals are catchable by class and code", async () => {
    const ok = await PureJOSE.jwtVerify(esToken, set, base);
    assert.deepEqual(ok.payload, claims);
    assert.deepEqual(ok.protectedHeader, { alg: "ES256", kid: "ec-1", typ: "JWT" });
    assert.equal(ok.key.kid, "ec-1");
    const cases = [
        [{ ...base, now: NOW + 601 }, PureJOSE.JWTExpired, "expired"],
        [{ ...base, issuer: "https://other.example" }, PureJOSE.JWTClaimValidationFailed, "issuerMismatch"],
        [{ ...base, algorithms: ["RS256"] }, PureJOSE.JOSEAlgNotAllowed, "algorithmNotAllowed"],
    ];
    for (const [options, Class, code] of cases) {
        await assert.rejects(PureJOSE.jwtVerify(esToken, set, options), (e) => e instanceof Class && e instanceof PureJOSE.PureJOSEError && e.code === code && typeof e.reason === "string");
    }
    await assert.rejects(PureJOSE.jwtVerify(esToken, ec2JWK, base), (e) => e instanceof PureJOSE.JWKSNoMatchingKey && e.code === "keyNotFound");
    await assert.rejects(PureJOSE.jwtVerify(esToken, { ...ec2JWK, kid: "ec-1" }, base), (e) => e instanceof PureJOSE.JWSSignatureVerificationFailed && e.code === "invalidSignature");
    await assert.rejects(PureJOSE.jwtVerify("a.b", set, base), (e) => e instanceof PureJOSE.JWTInvalid && e.code === "malformedToken");
    await assert.rejects(PureJOSE.jwtVerify(esToken, '{"kty":"EC"}', base), (e) => e instanceof PureJOSE.KeyInvalid);
    await assert.rejects(PureJOSE.jwtVerify(esToken, set, { ...base, audiance: "x" }), TypeError);
    assert.throws(() => PureJOSE.decode("a.b"), (e) => e instanceof PureJOSE.JWTInvalid && e.code === "malformedToken");
});

test("createLocalJWKSet: selects by kid (else the one key fitting alg), works as the key of verify and jwtVerify", async () => {
    const jwks = PureJOSE.createLocalJWKSet(set);
    assert.equal(jwks({ kid: "rsa-1", alg: "RS256" }).kid, "rsa-1");
    assert.equal(jwks({ alg: "RS256" }).kid, "rsa-1");
    assert.throws(() => jwks({ alg: "ES256" }), PureJOSE.JWKSNoMatchingKey);   // two EC keys, no kid
    assert.throws(() => jwks({ kid: "nope" }), PureJOSE.JWKSNoMatchingKey);
    assert.equal(PureJOSE.verify(esToken, { key: jwks, ...base }).valid, true);
    assert.equal((await PureJOSE.jwtVerify(esToken, jwks, base)).key.kid, "ec-1");
    const missing = sign("ES256", ec.privateKey, { kid: "gone" }, claims);
    await assert.rejects(PureJOSE.jwtVerify(missing, jwks, base), (e) => e.code === "keyNotFound");
    assert.throws(() => PureJOSE.createLocalJWKSet(ecJWK), TypeError);
    assert.throws(() => PureJOSE.createLocalJWKSet(new Uint8Array(4)), TypeError);
});

test("the npm package: package.json (ES module, exports, types), a declaration for every export, npm pack", () => {
    const pkg = JSON.parse(readFileSync(join(root, "Web/package.json"), "utf8"));
    assert.equal(pkg.type, "module");
    assert.equal(pkg.exports["."].default, "./purejose.mjs");
    assert.equal(pkg.exports["."].types, "./purejose.d.ts");
    assert.equal(pkg.types, "./purejose.d.ts");
    for (const f of pkg.files) assert.ok(existsSync(join(root, "Web", f)), f);
    const dts = readFileSync(join(root, "Web/purejose.d.ts"), "utf8");
    const declared = new Set([...dts.matchAll(/^export (?:function|class|const) (\w+)/gm)].map((m) => m[1]));
    assert.deepEqual([...declared].sort(), Object.keys(PureJOSE).sort());
    const out = mkdtempSync(join(tmpdir(), "purejose-pack-"));
    const run = spawnSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: join(root, "Web"), encoding: "utf8", env: { ...process.env, npm_config_offline: "true" } });
    if (run.error?.code === "ENOENT") { console.log("[wasm] npm not installed: pack not checked"); return; }
    assert.equal(run.status, 0, run.stderr);
    const [packed] = JSON.parse(run.stdout);
    assert.deepEqual(packed.files.map((f) => f.path).sort(), ["package.json", "purejose.d.ts", "purejose.mjs", "purejose.wasm"]);
    // The packed module loads from an unpacked copy and verifies.
    const tar = spawnSync("tar", ["-xzf", join(out, packed.filename), "-C", out]);
    assert.equal(tar.status, 0);
    const check = spawnSync(process.execPath, ["--input-type=module", "-e",
        `import * as P from ${JSON.stringify(join(out, "package", "purejose.mjs"))}; await P.load();
         const r = P.verify(${JSON.stringify(esToken)}, { key: ${JSON.stringify(set)}, now: ${NOW} }); console.log(r.valid);`], { encoding: "utf8" });
    assert.equal(check.stdout.trim(), "true", check.stderr);
    console.log(`[wasm] npm pack: ${packed.filename}, ${packed.files.length} files, ${packed.size} bytes packed`);
});

test("purejose.d.ts: a TypeScript program using the API compiles; a misspelt option does not (when tsc is installed)", (t) => {
    const tsc = spawnSync("tsc", ["--version"], { encoding: "utf8" });
    if (tsc.error) { t.skip("tsc not installed (Debian: node-typescript)"); return; }
    const dir = mkdtempSync(join(tmpdir(), "purejose-tsc-"));
    writeFileSync(join(dir, "purejose.d.ts"), readFileSync(join(root, "Web/purejose.d.ts")));
    const program = (options) => `import * as P from "./purejose";
import { jwtVerify, createLocalJWKSet, JWTExpired, verify } from "./purejose";
export async function main(token: string) {
    await P.load();
    const set = createLocalJWKSet({ keys: [{ kty: "EC", crv: "P-256", x: "a", y: "b", kid: "k" }] });
    const r = verify(token, { key: set, ${options} });
    if (r.valid) console.log(r.claims, r.header, r.key?.kid); else console.log(r.code, r.reason);
    try {
        const { payload, protectedHeader, key } = await jwtVerify(token, new TextEncoder().encode("s"), { typ: "JWT", maxTokenAge: 60, requiredClaims: ["sub"] });
        console.log(payload, protectedHeader, key);
    } catch (e) { if (e instanceof JWTExpired) console.log(e.code, e.reason); }
}
`;
    const compile = (options) => {
        writeFileSync(join(dir, "use.ts"), program(options));
        return spawnSync("tsc", ["--noEmit", "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "node",
            "--lib", "es2022,dom", join(dir, "use.ts")], { encoding: "utf8" });
    };
    const good = compile(`issuer: ["a", "b"], audience: "x", now: new Date(), clockTolerance: "30s", algorithms: ["ES256"]`);
    assert.equal(good.status, 0, good.stdout + good.stderr);
    const typo = compile(`audiance: "x"`);
    assert.notEqual(typo.status, 0, "a misspelt option compiled");
    assert.match(typo.stdout, /audiance/);
    const alg = compile(`algorithms: ["HS1"]`);
    assert.notEqual(alg.status, 0, "an unknown algorithm compiled");
    console.log(`[wasm] purejose.d.ts compiles with ${tsc.stdout.trim()}; a misspelt option and an unknown algorithm do not`);
});
