#!/usr/bin/env node
// Verification speed of purejose.wasm in Node against Node's own crypto.verify (OpenSSL, native code) on the same
// tokens, with the native PureJOSE figure beside them (`jose verify` over standard input, release build).
//
//   node Scripts/wasm-bench.mjs [--native PATH-TO-RELEASE-jose] [--seconds S]
//
// Each figure is the median of 5 timed runs of about S/5 seconds (default S = 5) after a warm-up. wasm: the whole
// PureJOSE.verify(token, {jwks, …}) call — JSON in, header and claims out — with the key set parsed once (the module
// keeps the last key set). Node: crypto.verify (HMAC: createHmac + timingSafeEqual) on the signing input with a
// prepared KeyObject — the signature alone, no JOSE parsing. Native PureJOSE: `jose verify` on 2,000 copies of the
// token, minus its run on one copy (process start, key loading), per token; it prints each verdict line.
import crypto from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync, mkdtempSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as PureJOSE from "../Web/purejose.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf("--seconds") + 1] || 5) || 5;
let native = args.includes("--native") ? args[args.indexOf("--native") + 1] : join(root, ".build", "release", "jose");
if (!existsSync(native)) native = null;
const NOW = 1767225600;
const b64 = (b) => Buffer.from(b).toString("base64url");

function median(xs) { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; }

/** Microseconds per call of `f`: median of 5 runs. */
function time(f) {
    for (let i = 0; i < 20; i++) f();
    const runs = [];
    for (let r = 0; r < 5; r++) {
        let n = 0;
        const t0 = process.hrtime.bigint();
        const budget = BigInt(Math.round(seconds * 2e8));   // seconds/5 in ns
        let t;
        do { f(); f(); n += 2; t = process.hrtime.bigint() - t0; } while (t < budget);
        runs.push(Number(t) / 1000 / n);
    }
    return median(runs);
}

function makeCase(alg) {
    const header = { alg, typ: "JWT", kid: "k1" };
    const claims = { iss: "https://issuer.example", aud: "bench", sub: "user-1", iat: NOW - 60, exp: NOW + 600 };
    const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
    let jwk, signature, check;
    if (alg === "HS256") {
        const secret = crypto.randomBytes(32);
        jwk = { kty: "oct", k: b64(secret) };
        signature = crypto.createHmac("sha256", secret).update(input).digest();
        check = () => crypto.timingSafeEqual(crypto.createHmac("sha256", secret).update(input).digest(), signature);
    } else {
        const { publicKey, privateKey } = alg === "ES256" ? crypto.generateKeyPairSync("ec", { namedCurve: "P-256" })
            : alg === "RS256" ? crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }) : crypto.generateKeyPairSync("ed25519");
        const hash = alg === "EdDSA" ? null : "sha256";
        const opts = alg === "ES256" ? { dsaEncoding: "ieee-p1363" } : {};
        signature = crypto.sign(hash, Buffer.from(input), { key: privateKey, ...opts });
        jwk = publicKey.export({ format: "jwk" });
        check = () => crypto.verify(hash, Buffer.from(input), { key: publicKey, ...opts }, signature);
    }
    return { alg, token: `${input}.${b64(signature)}`, jwks: { keys: [{ ...jwk, kid: "k1" }] }, check };
}

function nativeMicros(c) {
    const dir = mkdtempSync(join(tmpdir(), "wasm-bench-"));
    writeFileSync(join(dir, "k.json"), JSON.stringify(c.jwks));
    const run = (n) => {
        const t0 = process.hrtime.bigint();
        const r = spawnSync(native, ["verify", "--jwks", join(dir, "k.json"), "--now", String(NOW), "--iss", "https://issuer.example", "--aud", "bench"],
            { input: (c.token + "\n").repeat(n), encoding: "utf8", maxBuffer: 1 << 28 });
        if (r.status !== 0) throw new Error(`native jose verify failed: ${r.stderr}`);
        return Number(process.hrtime.bigint() - t0) / 1000;
    };
    const one = median([run(1), run(1), run(1)]);
    const many = median([run(2000), run(2000), run(2000)]);
    return (many - one) / 1999;
}

await PureJOSE.load();
const rows = [];
for (const alg of ["ES256", "RS256", "HS256", "EdDSA"]) {
    const c = makeCase(alg);
    const options = { jwks: c.jwks, now: NOW, issuer: "https://issuer.example", audience: "bench" };
    const verdict = PureJOSE.verify(c.token, options);
    if (!verdict.valid || !c.check()) throw new Error(`${alg}: the bench token does not verify: ${JSON.stringify(verdict)}`);
    const wasm = time(() => PureJOSE.verify(c.token, options));
    const node = time(c.check);
    const nat = native ? nativeMicros(c) : null;
    rows.push({ alg, wasm, node, nat });
    console.log(`[wasm-bench] ${alg}: wasm ${wasm.toFixed(1)} µs, node crypto ${node.toFixed(1)} µs, native PureJOSE ${nat === null ? "n/a" : nat.toFixed(1) + " µs"}`);
}
console.log(`\n| Algorithm | purejose.wasm in Node (µs) | Node crypto.verify (µs) | wasm / Node | native PureJOSE \`jose verify\` (µs) |`);
console.log(`| --- | ---: | ---: | ---: | ---: |`);
for (const r of rows) {
    console.log(`| ${r.alg} | ${r.wasm.toFixed(1)} | ${r.node.toFixed(1)} | ${(r.wasm / r.node).toFixed(1)}× | ${r.nat === null ? "n/a" : r.nat.toFixed(1)} |`);
}
console.log(`\nNode ${process.version}, ${seconds} s per figure; ${new Date().toISOString().slice(0, 10)}.`);
