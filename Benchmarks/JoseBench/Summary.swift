// The question jose-bench exists to answer — on this machine, which signature algorithm costs least per token to
// verify, to sign and to load a key for — answered in words after the table, from the rows just measured.
// `--quick` measures only the rows the answer needs, with shorter batches.

import Foundation

enum BenchmarkSummary {
    /// The whole-token rows compared, as (label, verify row, sign row).
    static let algorithms: [(label: String, verify: String, sign: String)] = [
        ("RS256", "jwt.RS256", "jwt.sign.RS256"),
        ("PS256", "jwt.PS256", "jwt.sign.PS256"),
        ("ES256", "jwt.ES256", "jwt.sign.ES256"),
        ("ES384", "jwt.ES384", "jwt.sign.ES384"),
        ("ES512", "jwt.ES512", "jwt.sign.ES512"),
        ("EdDSA", "jwt.EdDSA", "jwt.sign.EdDSA"),
    ]
    /// Key loading: a public key from its JWK text to a key ready to verify.
    static let keyLoads: [(label: String, row: String)] = [
        ("RSA-2048", "keyload.jwk.rsa2048"),
        ("P-256", "keyload.jwk.p256"),
        ("Ed25519", "keyload.jwk.ed25519"),
    ]
    /// A shared-secret token, for scale.
    static let hmacRow = "jwt.HS256"

    /// Every row `--quick` measures.
    static var rows: Set<String> {
        Set(algorithms.flatMap { [$0.verify, $0.sign] } + keyLoads.map(\.row) + [hmacRow])
    }

    /// The answer as lines of text, or no lines when the rows measured cannot answer (fewer than two of a kind).
    static func lines(_ measured: [Measurement]) -> [String] {
        let cost = Dictionary(measured.map { ($0.name, $0.secondsPerOp) }, uniquingKeysWith: { a, _ in a })
        var out: [String] = []
        func ranking(_ what: String, _ entries: [(String, Double)]) {
            guard entries.count >= 2 else { return }
            let sorted = entries.sorted { $0.1 < $1.1 }
            let (best, bestCost) = sorted[0]
            let rest = sorted.dropFirst().map { "\($0.0) \(ratio($0.1 / bestCost))" }
            out.append("  \(what): \(best) is cheapest (\(micro(bestCost)) µs); " + rest.joined(separator: ", ")
                       + " as long.")
        }
        ranking("Verifying a whole token", algorithms.compactMap { a in cost[a.verify].map { (a.label, $0) } })
        ranking("Signing a whole token", algorithms.compactMap { a in cost[a.sign].map { (a.label, $0) } })
        ranking("Loading a public key from its JWK", keyLoads.compactMap { k in cost[k.row].map { (k.label, $0) } })
        if let rs = cost["jwt.RS256"], let es = cost["jwt.ES256"] {
            let verify = rs < es ? "RS256 verifies \(times(es / rs)) faster than ES256"
                                 : "ES256 verifies \(times(rs / es)) faster than RS256"
            var line = "  RSA against ECDSA: \(verify)"
            if let rsSign = cost["jwt.sign.RS256"], let esSign = cost["jwt.sign.ES256"] {
                line += rsSign < esSign ? "; RS256 signs \(times(esSign / rsSign)) faster than ES256"
                                        : "; ES256 signs \(times(rsSign / esSign)) faster than RS256"
            }
            out.append(line + " (one median each, no spread: `jose-bench` alone times them in alternating rounds and "
                       + "says when they are too close to call).")
        }
        if let hs = cost[hmacRow], let fastest = algorithms.compactMap({ cost[$0.verify] }).min() {
            out.append("  For scale: HS256 (a shared secret, no public key) verifies in \(micro(hs)) µs, "
                       + "\(times(fastest / hs)) faster than the cheapest public-key token.")
        }
        guard !out.isEmpty else { return [] }
        return ["", "What this run says about this machine (CPU time per operation, medians of the rows above):"] + out
    }

    private static func micro(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6) }
    private static func ratio(_ x: Double) -> String { String(format: "%.1f×", x) }
    private static func times(_ x: Double) -> String { String(format: "%.2f×", x) }
}
