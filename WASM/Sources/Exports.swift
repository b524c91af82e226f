// The functions purejose.wasm exports. Every input arrives as a (pointer, length) pair of UTF-8 bytes in the
// module's memory (purejose.mjs copies it in with `pj_alloc`); every answer is a JSON document left in a result
// buffer that purejose.mjs reads through `pj_result_pointer`/`pj_result_length` and then releases.
//
//   pj_verify(token, key, keyKind, options) → 0   keyKind 0: a JWK Set (JSON), 1: a PEM public key
//       {"valid":true,"header":{…},"claims":{…}}  or  {"valid":false,"code":"<JWTError code>","reason":"…"}
//   pj_decode(token) → 0                          (no signature check: inspection only)
//       {"valid":null,"header":{…},"claims":{…}}  or  {"valid":false,"code":"…","reason":"…"}
//
// options is a JSON object written by purejose.mjs: issuer, audience, subject, nonce, type (strings), now,
// leeway, maxAge (numbers), requireExpiration (bool), algorithms (array of names; absent: every algorithm, each
// only with a key that fits it, as `jose verify` does). Verification is JOSE's JWTVerifier, unchanged.
import JOSE

nonisolated(unsafe) private var result: [UInt8] = []

@_cdecl("pj_alloc")
public func pj_alloc(_ count: Int) -> UnsafeMutableRawPointer? { malloc(max(count, 1)) }

@_cdecl("pj_free")
public func pj_free(_ p: UnsafeMutableRawPointer?) { free(p) }

@_cdecl("pj_result_pointer")
public func pj_result_pointer() -> UnsafeRawPointer? { result.withUnsafeBytes { $0.baseAddress } }

@_cdecl("pj_result_length")
public func pj_result_length() -> Int { result.count }

/// Drops the last answer (purejose.mjs calls this once it has read it).
@_cdecl("pj_result_release")
public func pj_result_release() { result = [] }

private func text(_ p: UnsafePointer<UInt8>?, _ n: Int) -> String {
    guard let p, n > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
}

private func bytes(_ p: UnsafePointer<UInt8>?, _ n: Int) -> [UInt8] {
    guard let p, n > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: p, count: n))
}

private func answer(_ members: [(String, JSONValue)]) {
    let object = (try? JSONObject(members)) ?? JSONObject()
    result = (try? JSONSerializer.serialize(.object(object))) ?? Array(#"{"valid":false,"code":"invalidJSON","reason":"the verdict could not be written"}"#.utf8)
}

private func refuse(_ e: JWTError) {
    answer([("valid", .bool(false)), ("code", .string(e.code.description)), ("reason", .string(e.reason))])
}

/// Options purejose.mjs should never send (it checks them first): answered with the code `invalidOptions`.
private struct OptionsError: Error {
    let reason: String
}

/// The caller's expectations, read from purejose.mjs's options object.
private struct Settings {
    var expectations: ClaimExpectations
    var algorithms: Set<JWSAlgorithm>

    init(_ json: [UInt8]) throws(OptionsError) {
        let value: JSONValue
        do throws(JWTError) { value = try JSONValue(parsing: json) } catch { throw OptionsError(reason: "options: \(error.reason)") }
        guard case .object(let o) = value else { throw OptionsError(reason: "options must be a JSON object") }
        func string(_ name: String) throws(OptionsError) -> String? {
            guard let v = o[name] else { return nil }
            guard case .string(let s) = v else { throw OptionsError(reason: "option \(name) must be a string") }
            return s
        }
        func number(_ name: String) throws(OptionsError) -> Double? {
            guard let v = o[name] else { return nil }
            guard let d = v.doubleValue else { throw OptionsError(reason: "option \(name) must be a number") }
            return d
        }
        var e = ClaimExpectations(issuer: try string("issuer"), audience: try string("audience"),
                                  subject: try string("subject"), nonce: try string("nonce"), type: try string("type"))
        if let leeway = try number("leeway") { e.leeway = leeway }
        e.maxAge = try number("maxAge")
        if let v = o["requireExpiration"] {
            guard case .bool(let b) = v else { throw OptionsError(reason: "option requireExpiration must be a boolean") }
            e.requireExpiration = b
        }
        guard let now = try number("now") else { throw OptionsError(reason: "option now (seconds since 1970) is required") }
        e.now = { now }
        expectations = e
        if let v = o["algorithms"] {
            guard case .array(let names) = v else { throw OptionsError(reason: "option algorithms must be an array of names") }
            var chosen = Set<JWSAlgorithm>()
            for n in names {
                guard case .string(let s) = n, let alg = JWSAlgorithm(rawValue: s) else {
                    throw OptionsError(reason: "option algorithms names an algorithm this library does not implement")
                }
                chosen.insert(alg)
            }
            algorithms = chosen
        } else {
            algorithms = Set(JWSAlgorithm.allCases)
        }
    }
}

/// The keys of the last call, kept while the next call gives the same key text (byte for byte), so a page or a
/// server verifying many tokens against one JWK Set parses it and builds its keys' tables once.
private enum KeyCache {
    nonisolated(unsafe) static var text: [UInt8] = []
    nonisolated(unsafe) static var kind: Int32 = -1
    nonisolated(unsafe) static var kid: String? = nil
    nonisolated(unsafe) static var set: JWKSet? = nil

    static func keys(_ bytes: [UInt8], kind: Int32, kid: String?, _ make: () throws(JWTError) -> JWKSet) throws(JWTError) -> JWKSet {
        if let set, kind == KeyCache.kind, bytes == text, kid.map({ Array($0.utf8) }) == KeyCache.kid.map({ Array($0.utf8) }) {
            return set
        }
        KeyCache.set = nil
        let made = try make()
        (text, KeyCache.kind, KeyCache.kid, KeyCache.set) = (bytes, kind, kid, made)
        return made
    }
}

@_cdecl("pj_verify")
public func pj_verify(_ token: UnsafePointer<UInt8>?, _ tokenLength: Int, _ key: UnsafePointer<UInt8>?, _ keyLength: Int,
                      _ keyKind: Int32, _ options: UnsafePointer<UInt8>?, _ optionsLength: Int) -> Int32 {
    let settings: Settings
    do throws(OptionsError) { settings = try Settings(bytes(options, optionsLength)) } catch {
        answer([("valid", .bool(false)), ("code", .string("invalidOptions")), ("reason", .string(error.reason))])
        return 0
    }
    do throws(JWTError) {
        let tokenText = text(token, tokenLength)
        let keyBytes = bytes(key, keyLength)
        let verifier: JWTVerifier
        if keyKind == 1 {
            // One PEM key is the key whatever kid the token names (as `jose verify --key`): it takes that kid.
            let kid = (try? decodeUnverified(tokenText))?.header.objectValue?["kid"]?.stringValue
            let set = try KeyCache.keys(keyBytes, kind: 1, kid: kid) { () throws(JWTError) in
                try JWKSet(keys: [JWK(pemRepresentation: text(key, keyLength), keyID: kid)])
            }
            verifier = JWTVerifier(keys: set, algorithms: settings.algorithms)
        } else {
            let set = try KeyCache.keys(keyBytes, kind: 0, kid: nil) { () throws(JWTError) in try JWKSet(json: keyBytes) }
            verifier = JWTVerifier(keys: set, algorithms: settings.algorithms)
        }
        let jwt = try verifier.verify(tokenText, expecting: settings.expectations)
        answer([("valid", .bool(true)), ("header", .object(jwt.header.object)), ("claims", .object(jwt.claimsObject))])
    } catch {
        refuse(error)
    }
    return 0
}

@_cdecl("pj_decode")
public func pj_decode(_ token: UnsafePointer<UInt8>?, _ tokenLength: Int) -> Int32 {
    do throws(JWTError) {
        let (header, claims) = try decodeUnverified(text(token, tokenLength))
        answer([("valid", .null), ("header", header), ("claims", claims)])
    } catch {
        refuse(error)
    }
    return 0
}
