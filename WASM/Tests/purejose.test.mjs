// purejose.wasm in Node: the repository's JOSE vectors, the attack fixtures and a seeded corpus for every
// algorithm, each verdict compared with the native build's (`jose verify`, same Swift code) and with the
// expectation the fixture states. Run: node --test WASM/Tests/   (after Scripts/build-wasm.sh and
// `swift build --product jose`; PUREJOSE_JOSE names another native binary).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as PureJOSE from "../../Web/purejose.mjs";
import { root, joseBinary, nativeVerdicts, asPrinted } from "./native.mjs";
import { prng, makeKeys, makeCorpus, ALGORITHMS, DEFECTS, ISSUER, AUDIENCE, NOW } from "./corpus.mjs";

await PureJOSE.load();
const jose = joseBinary();
const readJSON = (path) => JSON.parse(readFileSync(join(root, path), "utf8"));

/** Verifies `tokens` with the wasm module and natively; asserts equal verdicts (code, reason, claims). */
function compareWithNative(key, tokens, expectations, label) {
    const wasm = tokens.map((t) => PureJOSE.verify(t, { ...key, ...expectations }));
    const native = nativeVerdicts(jose, key, tokens, expectations);
    if (native.usageError !== null) {
        // The native tool refuses the key file itself; the wasm module must then refuse every token, with the
        // key set's own error code when the tool names one.
        const named = /not a usable JWK Set: ([A-Za-z0-9]+): /.exec(native.usageError);
        wasm.forEach((w, i) => {
            assert.equal(w.valid, false, `${label} token ${i}: native refuses the key set (${native.usageError}), wasm accepted`);
            if (named) assert.equal(w.code, named[1], `${label} token ${i}`);
        });
        return { wasm, native: null };
    }
    wasm.forEach((w, i) => {
        const n = native.verdicts[i];
        const where = `${label} token ${i}`;
        assert.equal(w.valid, n.valid, `${where}: wasm ${JSON.stringify(w).slice(0, 300)} vs native ${JSON.stringify(n).slice(0, 300)}`);
        if (n.valid) {
            assert.deepEqual(w.claims, n.claims, where);
        } else {
            assert.equal(w.code, n.code, where);
            // A line over 64 KiB is refused by the tool's line reader, in its own words; the code is the same.
            if (tokens[i].length <= 65536) assert.equal(asPrinted(w.reason), n.reason, where);
        }
    });
    return { wasm, native: native.verdicts };
}

// Vectors/jose/crosscheck.json: tokens signed by Python `cryptography`, with their expected verdicts.
const crosscheckCodes = {
    valid: null, badSignature: "invalidSignature", keyNotFound: "keyNotFound", keyMismatch: "keyMismatch",
    expired: "expired", notYetValid: "notYetValid", issuedInFuture: "issuedInFuture", issuerMismatch: "issuerMismatch",
    audienceMismatch: "audienceMismatch", missingClaim: "missingClaim", unsupportedAlgorithm: "unsupportedAlgorithm",
    disallowedAlgorithm: "algorithmNotAllowed",
};

test("crosscheck.json: every token gets its stated verdict, equal to the native one", () => {
    const file = readJSON("Vectors/jose/crosscheck.json");
    assert.equal(file.tokens.length, file.numberOfTokens);
    const groups = new Map();
    for (const t of file.tokens) {
        const algorithms = t.algorithms ?? file.algorithmsInScope;
        const k = `${t.keySet}|${algorithms.join(",")}`;
        if (!groups.has(k)) groups.set(k, { keySet: t.keySet, algorithms, tokens: [] });
        groups.get(k).tokens.push(t);
    }
    const counts = {};
    for (const g of groups.values()) {
        const expectations = { now: file.now, leeway: file.leeway, issuer: file.issuer, audience: file.audience, algorithms: g.algorithms };
        const { wasm } = compareWithNative({ jwks: file.keySets[g.keySet] }, g.tokens.map((t) => t.token), expectations, `crosscheck ${g.keySet}`);
        g.tokens.forEach((t, i) => {
            const want = crosscheckCodes[t.expect];
            assert.ok(want !== undefined, `unknown expectation ${t.expect}`);
            if (t.case === "es512OutOfScope") {
                // The fixture predates ES512 (it expects unsupportedAlgorithm): outside the file's allow-list it is
                // not allowed; with ES512 allowed it verifies (as CrossCheckTests checks).
                assert.equal(wasm[i].code, "algorithmNotAllowed", `crosscheck ${t.id}`);
                const withES512 = PureJOSE.verify(t.token, { jwks: file.keySets[t.keySet], ...expectations, algorithms: [...g.algorithms, "ES512"] });
                assert.equal(withES512.valid, true, `crosscheck ${t.id} with ES512 allowed: ${JSON.stringify(withES512)}`);
            } else if (want === null) assert.equal(wasm[i].valid, true, `crosscheck ${t.id}: ${JSON.stringify(wasm[i])}`);
            else assert.equal(wasm[i].code, want, `crosscheck ${t.id} (${t.case})`);
            counts[t.expect] = (counts[t.expect] ?? 0) + 1;
        });
    }
    assert.deepEqual(counts, file.verdictCounts);
    console.log(`[vectors] Vectors/jose/crosscheck.json: ${file.tokens.length} cases`);
    assert.equal(file.tokens.length, 534);
});

test("attacks.json: every token against every key set and PEM key, equal to the native verdicts; attacks refused", () => {
    const file = readJSON("Vectors/jose/attacks.json");
    // Tokens holding a line break cannot go through `jose verify`'s one-token-per-line input: they are checked
    // with the wasm module alone (refused against every key).
    const all = Object.keys(file.tokens);
    const names = all.filter((n) => !/[\r\n]/.test(file.tokens[n].token));
    const multiline = all.filter((n) => !names.includes(n));
    const tokens = names.map((n) => file.tokens[n].token);
    const expectations = { now: file.now, issuer: file.issuer, audience: file.audience };
    let compared = 0;
    const acceptedBy = new Map();
    const keys = [
        ...Object.entries(file.keySets).map(([name, jwks]) => [name, { jwks }]),
        ...Object.entries(file.publicKeys).filter(([name]) => name.endsWith(".pem")).map(([name, pem]) => [name, { pem }]),
    ];
    for (const [name, key] of keys) {
        const { wasm } = compareWithNative(key, tokens, expectations, `attacks ${name}`);
        // A single PEM key is the key whatever kid a token names (as `jose verify --key`), so kid rules apply to sets.
        wasm.forEach((w, i) => {
            if (w.valid && !(key.pem !== undefined && /^kid/.test(names[i]))) acceptedBy.set(names[i], [...(acceptedBy.get(names[i]) ?? []), name]);
        });
        compared += tokens.length;
    }
    // alg none in every spelling, algorithm confusion (HS256 keyed with a public key), duplicate members, bad or
    // padded base64url, embedded keys and non-numeric dates: refused whatever the key.
    const mustFail = names.filter((n) => /^alg_|^hs256With|^duplicate|^padded|^standardBase64|^nonCanonical|^signatureLengthMod4|^embeddedJWK|^jkuHeader|^exp(Bool|String|Null|Huge|1e309|Minus1)|^whitespace|^kidNotInSet|^kidPath|^es256(DER|RIsN|RSZero|RZero|SZero|Sig6|SigEmpty|HighS)|^crit/.test(n));
    assert.ok(mustFail.length >= 60, `${mustFail.length} attack tokens selected`);
    for (const n of mustFail) {
        if (n === "es256HighS") continue;   // a high-S ECDSA signature is valid (ECDSA is not made non-malleable by JOSE)
        assert.equal(acceptedBy.get(n), undefined, `attack ${n} (${file.tokens[n].note}) accepted by ${acceptedBy.get(n)}`);
    }
    for (const n of multiline) {
        for (const [name, key] of keys) {
            const r = PureJOSE.verify(file.tokens[n].token, { ...key, ...expectations });
            assert.equal(r.valid, false, `${n} (line break) accepted by ${name}`);
        }
    }
    console.log(`[vectors] Vectors/jose/attacks.json: ${all.length} cases (${multiline.length} with a line break, wasm only)`);
    assert.equal(all.length, 109);
    console.log(`[wasm] attacks.json: ${compared} verdicts equal to native (${keys.length} keys × ${names.length} tokens)`);
    assert.equal(compared, keys.length * names.length);
});

test("seeded corpus: every algorithm and defect, verdicts as expected and equal to the native ones", () => {
    const random = prng(20261125);
    const keys = makeKeys(random);
    const corpus = makeCorpus(keys, random, 2800);
    const expectations = { now: NOW, issuer: ISSUER, audience: AUDIENCE };
    const perExpect = {};
    for (const set of ["hmac", "public"]) {
        const items = corpus.filter((c) => c.keySet === set);
        const { wasm } = compareWithNative({ jwks: set === "hmac" ? keys.hmacSet : keys.publicSet }, items.map((c) => c.token), expectations, `corpus ${set}`);
        items.forEach((c, i) => {
            const got = wasm[i].valid ? "valid" : wasm[i].code;
            assert.equal(got, c.expect, `corpus ${c.id} ${c.alg} ${c.defect}: ${wasm[i].reason ?? ""}`);
            perExpect[c.expect] = (perExpect[c.expect] ?? 0) + 1;
        });
    }
    const perAlg = {};
    for (const c of corpus) if (c.defect === "none") perAlg[c.alg] = (perAlg[c.alg] ?? 0) + 1;
    assert.deepEqual(Object.keys(perAlg).sort(), [...ALGORITHMS].sort(), "a valid token for every algorithm");
    assert.deepEqual(new Set(Object.keys(perExpect)), new Set(Object.values(DEFECTS)));
    console.log(`[wasm] seeded corpus: ${corpus.length} tokens equal to native; ${JSON.stringify(perExpect)}`);
    assert.equal(corpus.length, 2800);
});

test("PEM keys: a token naming any kid verifies against the one key; a private PEM is refused", () => {
    const random = prng(7);
    const keys = makeKeys(random);
    const item = makeCorpus(keys, prng(3), 400).find((c) => c.alg === "RS256" && c.defect === "none");
    const pem = keys.rsaPublicPEM;
    const ok = PureJOSE.verify(item.token, { pem, now: NOW, issuer: ISSUER, audience: AUDIENCE });
    assert.equal(ok.valid, true, JSON.stringify(ok));
    assert.equal(ok.header.kid, "rsa");
    const priv = keys.rsa.privateKey.export({ format: "pem", type: "pkcs8" });
    const r = PureJOSE.verify(item.token, { pem: priv, now: NOW });
    assert.deepEqual([r.valid, r.code], [false, "privateKeyMaterial"]);
});

test("decode: header and claims without a check; malformed tokens throw with a code", () => {
    const token = `${Buffer.from('{"alg":"ES256","kid":"k"}').toString("base64url")}.${Buffer.from('{"sub":"x","exp":5}').toString("base64url")}.AAAA`;
    assert.deepEqual(PureJOSE.decode(token), { header: { alg: "ES256", kid: "k" }, claims: { sub: "x", exp: 5 } });
    assert.throws(() => PureJOSE.decode("a.b"), (e) => e instanceof PureJOSE.PureJOSEError && e.code === "malformedToken");
    assert.throws(() => PureJOSE.decode(`${Buffer.from('{"alg":"ES256","alg":"none"}').toString("base64url")}.e30.`),
        (e) => e.code === "duplicateMember");
});

test("API misuse throws (TypeError for a wrong type or name, RangeError for a bad value), never a verdict", () => {
    assert.throws(() => PureJOSE.verify(42, { jwks: { keys: [] } }), TypeError);
    assert.throws(() => PureJOSE.verify("a.b.c", {}), TypeError);
    assert.throws(() => PureJOSE.verify("a.b.c", { jwks: { keys: [] }, pem: "x" }), TypeError);
    assert.throws(() => PureJOSE.verify("a.b.c", { jwks: { keys: [] }, leeway: NaN }), RangeError);
    assert.throws(() => PureJOSE.verify("a.b.c", { jwks: { keys: [] }, algorithms: "RS256" }), TypeError);
    // An algorithm name the module does not implement used to be a verdict (invalidOptions): now it throws.
    assert.throws(() => PureJOSE.verify("a.b.c", { jwks: { keys: [] }, algorithms: ["HS1"] }), RangeError);
});

test("hostile sizes: a 1 MiB token and 10,000 nested arrays are refused, the module keeps working", () => {
    const big = PureJOSE.verify("e".repeat(1 << 20) + ".e30.AA", { jwks: { keys: [] }, now: NOW });
    assert.deepEqual([big.valid, big.code], [false, "limitExceeded"]);
    const deep = `${Buffer.from("[".repeat(10000)).toString("base64url")}.e30.AA`;
    assert.equal(PureJOSE.verify(deep, { jwks: { keys: [] }, now: NOW }).valid, false);
    assert.throws(() => PureJOSE.decode(deep), (e) => e.code === "limitExceeded");
});
