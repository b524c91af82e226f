import DER

// The checks of one candidate path (RFC 5280 §6.1.3–6.1.5 and the §4.2 rules a verifier can see),
// leaf at index 0 and the trust anchor last. Signatures were checked while the path was built.

extension CertificateVerifier {
    func check(_ path: [Certificate], at time: Int64) throws(X509Error) {
        let last = path.count - 1
        for (i, c) in path.enumerated() {
            try checkValidity(c, i, time)
            try checkExtensionsProfile(c, i, isIssuer: i > 0)
            if i > 0 { try checkIssuer(c, i, path) }
        }
        try checkNameConstraints(path)
        try checkLeafPolicy(path[0])
        if path.count > 2 {
            for i in 1..<last where !policy.requiredIntermediateExtensions.isEmpty {
                for o in policy.requiredIntermediateExtensions where path[i].extensions.first(o) == nil {
                    throw X509Error.make(.missingRequiredExtension, at: i, path[i], "lacks the extension \(o) the policy requires on intermediates")
                }
            }
        }
        if let extra = policy.additionalCheck { try extra(path) }
    }

    func checkValidity(_ c: Certificate, _ i: Int, _ time: Int64) throws(X509Error) {
        if time < c.notBefore {
            throw X509Error.make(.notYetValid, at: i, c, "not valid before \(DERTime.rfc3339(unixSeconds: c.notBefore)), checked at \(DERTime.rfc3339(unixSeconds: time)) (RFC 5280 §6.1.3 (a)(2))")
        }
        if time > c.notAfter {
            throw X509Error.make(.expired, at: i, c, "expired at \(DERTime.rfc3339(unixSeconds: c.notAfter)), checked at \(DERTime.rfc3339(unixSeconds: time)) (RFC 5280 §6.1.3 (a)(2))")
        }
    }

    /// Extension rules of RFC 5280 §4.2 that hold for every certificate in a path.
    func checkExtensionsProfile(_ c: Certificate, _ i: Int, isIssuer: Bool) throws(X509Error) {
        let x = c.extensions
        for e in x.all where e.isCritical && !CertificateExtensions.processed.contains(e.oid) {
            throw X509Error.make(.unknownCriticalExtension, at: i, c, "carries the critical extension \(e.oid), which is not processed (RFC 5280 §6.1.4 (o))")
        }
        func mustNotBeCritical(_ o: ASN1ObjectIdentifier, _ name: String, _ section: String) throws(X509Error) {
            if let e = x.first(o), e.isCritical {
                throw X509Error.make(.profileViolation, at: i, c, "\(name) is marked critical (RFC 5280 \(section): MUST be non-critical)")
            }
        }
        try mustNotBeCritical(X509OID.authorityKeyIdentifier, "authorityKeyIdentifier", "§4.2.1.1")
        try mustNotBeCritical(X509OID.subjectKeyIdentifier, "subjectKeyIdentifier", "§4.2.1.2")
        try mustNotBeCritical(X509OID.authorityInfoAccess, "authorityInfoAccess", "§4.2.2.1")
        let strict = policy.strictProfile
        if strict, let e = x.first(X509OID.policyConstraints), !e.isCritical {
            throw X509Error.make(.profileViolation, at: i, c, "policyConstraints is not critical (RFC 5280 §4.2.1.11: MUST be critical)")
        }
        if let e = x.first(X509OID.nameConstraints) {
            guard x.basicConstraints?.isCertificateAuthority == true else {
                throw X509Error.make(.profileViolation, at: i, c, "nameConstraints in a certificate that is not a CA (RFC 5280 §4.2.1.10: CA certificates only)")
            }
            guard e.isCritical || !strict else {
                throw X509Error.make(.profileViolation, at: i, c, "nameConstraints is not critical (RFC 5280 §4.2.1.10: MUST be critical)")
            }
        }
        if !c.isSelfIssued && x.authorityKeyIdentifier?.keyIdentifier == nil {
            // A CA certificate without one is refused only when the policy asks (§6.1 does not use it).
            let isCA = x.basicConstraints?.isCertificateAuthority == true
            if isCA ? policy.requireAuthorityKeyIdentifierOnCAs : strict {
                throw X509Error.make(.profileViolation, at: i, c, "no authorityKeyIdentifier keyIdentifier in a certificate that is not self-issued (RFC 5280 §4.2.1.1)")
            }
        }
        if let ku = x.keyUsage, ku.contains(.keyCertSign), x.basicConstraints?.isCertificateAuthority != true {
            throw X509Error.make(.profileViolation, at: i, c, "keyUsage keyCertSign without basicConstraints cA (RFC 5280 §4.2.1.3)")
        }
        if let ekus = x.extendedKeyUsage, ekus.isEmpty {
            throw X509Error.make(.profileViolation, at: i, c, "an empty extendedKeyUsage (RFC 5280 §4.2.1.12)")
        }
        if c.subject.isEmpty {
            guard !isIssuer else {
                throw X509Error.make(.invalidName, at: i, c, "an issuing certificate with an empty subject (RFC 5280 §4.1.2.6)")
            }
            guard let san = x.first(X509OID.subjectAlternativeName), san.isCritical else {
                throw X509Error.make(.profileViolation, at: i, c, "an empty subject without a critical subjectAltName (RFC 5280 §4.2.1.6)")
            }
        }
        for name in x.subjectAlternativeNames ?? [] {
            if let problem = NameSyntax.problem(in: name) {
                throw X509Error.make(.profileViolation, at: i, c, "subjectAltName \(name): \(problem) (RFC 5280 §4.2.1.6)")
            }
        }
        if let nc = x.nameConstraints {
            for base in nc.permittedSubtrees + nc.excludedSubtrees {
                if let problem = NameSyntax.constraintProblem(in: base) {
                    throw X509Error.make(.invalidExtension, at: i, c, "nameConstraints subtree \(base): \(problem) (RFC 5280 §4.2.1.10)")
                }
            }
        }
    }

    /// RFC 5280 §6.1.4 (k)–(n) and §4.2.1.2/§4.2.1.9 for a certificate that issues the one before it.
    func checkIssuer(_ c: Certificate, _ i: Int, _ path: [Certificate]) throws(X509Error) {
        let x = c.extensions
        guard c.version == 3, let bc = x.basicConstraints, bc.isCertificateAuthority else {
            throw X509Error.make(.notACertificateAuthority, at: i, c, "issues a certificate without basicConstraints cA = TRUE (RFC 5280 §6.1.4 (k))")
        }
        guard x.first(X509OID.basicConstraints)?.isCritical == true || !policy.strictProfile else {
            throw X509Error.make(.profileViolation, at: i, c, "basicConstraints of a CA is not critical (RFC 5280 §4.2.1.9: MUST be critical)")
        }
        if let ku = x.keyUsage, !ku.contains(.keyCertSign) {
            throw X509Error.make(.missingKeyCertSign, at: i, c, "keyUsage lacks keyCertSign (RFC 5280 §6.1.4 (n))")
        }
        guard x.subjectKeyIdentifier != nil || !policy.strictProfile else {
            throw X509Error.make(.profileViolation, at: i, c, "a CA certificate without subjectKeyIdentifier (RFC 5280 §4.2.1.2)")
        }
        if let limit = bc.pathLengthConstraint {
            // Intermediates between this CA and the leaf, self-issued ones not counted (§6.1.4 (l)–(m)).
            var below = 0
            if i > 1 { for j in 1..<i where !path[j].isSelfIssued { below += 1 } }
            if below > limit {
                throw X509Error.make(.pathLengthExceeded, at: i, c, "pathLenConstraint \(limit), but \(below) intermediate CA certificates follow it (RFC 5280 §4.2.1.9)")
            }
        }
    }

    func checkLeafPolicy(_ leaf: Certificate) throws(X509Error) {
        let x = leaf.extensions
        if let ekus = x.extendedKeyUsage {
            for r in policy.requiredExtendedKeyUsages where !ekus.contains(r) && !ekus.contains(X509OID.anyExtendedKeyUsage) {
                throw X509Error.make(.missingExtendedKeyUsage, at: 0, leaf, "extendedKeyUsage lacks \(r) (RFC 5280 §4.2.1.12)")
            }
        }
        if let ku = x.keyUsage, !ku.isSuperset(of: policy.requiredKeyUsage) {
            throw X509Error.make(.missingKeyUsage, at: 0, leaf, "keyUsage lacks a usage the policy requires (RFC 5280 §4.2.1.3)")
        }
        for o in policy.requiredLeafExtensions where x.first(o) == nil {
            throw X509Error.make(.missingRequiredExtension, at: 0, leaf, "lacks the extension \(o) the policy requires on the leaf")
        }
    }

    /// RFC 5280 §6.1.3 (b)–(c): the names of every certificate below a CA with nameConstraints, except
    /// self-issued intermediates, must be in its permitted subtrees and outside its excluded ones.
    func checkNameConstraints(_ path: [Certificate]) throws(X509Error) {
        for i in path.indices.dropFirst() {
            guard let nc = path[i].extensions.nameConstraints else { continue }
            for j in 0..<i where j == 0 || !path[j].isSelfIssued {
                let c = path[j]
                var names: [GeneralName] = c.extensions.subjectAlternativeNames ?? []
                if !c.subject.isEmpty { names.append(.directoryName(c.subject)) }
                if c.extensions.subjectAlternativeNames == nil {
                    // §4.2.1.10: without a subjectAltName the rfc822Name constraints apply to the subject's
                    // emailAddress. One that is not a mailbox by the rules a SAN rfc822Name must meet (§4.2.1.6)
                    // cannot be placed in or outside a subtree ("a@evil.com." is not under an excluded evil.com
                    // by text, yet mail goes there), so under rfc822Name constraints it is refused.
                    let mailConstrained = (nc.permittedSubtrees + nc.excludedSubtrees).contains { if case .rfc822Name = $0 { return true }; return false }
                    for a in c.subject.attributes where a.type == X509OID.emailAddress {
                        guard let e = a.stringValue, NameSyntax.mailboxProblem(Array(e.utf8)) == nil else {
                            guard !mailConstrained else {
                                throw X509Error.make(.nameConstraintViolation, at: j, c, "the subject's emailAddress is not a mailbox (RFC 5280 §4.2.1.6), so the rfc822Name constraints of certificate \(i) (\(path[i].subject)) cannot be checked (RFC 5280 §4.2.1.10)")
                            }
                            continue
                        }
                        names.append(.rfc822Name(e))
                    }
                }
                for name in names {
                    if let problem = NameConstraintMatch.violation(name, nc) {
                        throw X509Error.make(.nameConstraintViolation, at: j, c, "\(name) \(problem) of certificate \(i) (\(path[i].subject)) (RFC 5280 §4.2.1.10)")
                    }
                }
            }
        }
    }
}

/// Syntax of names in certificates (RFC 5280 §4.2.1.6, RFC 1034 §3.5 preferred name syntax).
enum NameSyntax {
    /// A problem with a SAN entry, or nil.
    static func problem(in name: GeneralName) -> String? {
        switch name {
        case .dnsName(let s):
            var labels = Array(s.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Array($0) }
            if labels.first == [UInt8(ascii: "*")] && labels.count > 2 { labels.removeFirst() }
            return hostProblem(labels)
        case .rfc822Name(let s): return mailboxProblem(Array(s.utf8))
        case .ipAddress(let b): return b.count == 4 || b.count == 16 ? nil : "an address of \(b.count) octets (4 or 16)"
        default: return nil
        }
    }

    /// A problem with a name constraint's base, or nil.
    static func constraintProblem(in name: GeneralName) -> String? {
        switch name {
        case .dnsName(let s):
            return hostProblem(Array(s.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Array($0) })
        case .rfc822Name(let s):
            let b = Array(s.utf8)
            if b.contains(UInt8(ascii: "@")) { return mailboxProblem(b) }
            let host = b.first == UInt8(ascii: ".") ? Array(b.dropFirst()) : b
            return hostProblem(host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Array($0) })
        case .ipAddress(let b):
            guard b.count == 8 || b.count == 32 else { return "an address and mask of \(b.count) octets (8 or 32)" }
            let mask = b[(b.count / 2)...]
            var seenZero = false
            for byte in mask {
                for bit in 0..<8 {
                    let one = byte & (0x80 >> UInt8(bit)) != 0
                    if one && seenZero { return "a mask that is not a prefix" }
                    if !one { seenZero = true }
                }
            }
            return nil
        default: return nil
        }
    }

    /// RFC 1034 §3.5 (with digits allowed first, RFC 1123 §2.1): letters, digits and inner hyphens, 1–63
    /// octets per label; the last label not all digits (an IP address is not a host name).
    static func hostProblem(_ labels: [[UInt8]]) -> String? {
        guard !labels.isEmpty else { return "empty" }
        for l in labels {
            guard !l.isEmpty, l.count <= 63 else { return "an empty or over-long label" }
            for c in l {
                let ok = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-")
                guard ok else { return "a character outside letters, digits and hyphen" }
            }
            if l.first == UInt8(ascii: "-") || l.last == UInt8(ascii: "-") { return "a label starting or ending with a hyphen" }
        }
        if labels.last!.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return "an IP address, not a host name" }
        return nil
    }

    /// `local@domain`: one `@`, a non-empty local part of printable ASCII, a host name after it.
    static func mailboxProblem(_ b: [UInt8]) -> String? {
        let parts = b.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return "not local@domain" }
        for c in parts[0] where c <= 0x20 || c >= 0x7F { return "a local part with a space or control character" }
        return hostProblem(Array(parts[1]).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Array($0) })
    }
}

/// RFC 5280 §4.2.1.10 subtree matching.
enum NameConstraintMatch {
    /// Why `name` breaks `nc`, or nil.
    static func violation(_ name: GeneralName, _ nc: NameConstraints) -> String? {
        let permitted = nc.permittedSubtrees.filter { sameType($0, name) }
        if !permitted.isEmpty && !permitted.contains(where: { within(name, $0, excluded: false) }) {
            return "is outside the permitted subtrees"
        }
        if let e = nc.excludedSubtrees.first(where: { sameType($0, name) && within(name, $0, excluded: true) }) {
            return "is inside the excluded subtree \(e)"
        }
        return nil
    }

    static func sameType(_ a: GeneralName, _ b: GeneralName) -> Bool {
        switch (a, b) {
        case (.otherName, .otherName), (.rfc822Name, .rfc822Name), (.dnsName, .dnsName), (.x400Address, .x400Address),
             (.directoryName, .directoryName), (.ediPartyName, .ediPartyName), (.uniformResourceIdentifier, .uniformResourceIdentifier),
             (.registeredID, .registeredID):
            return true
        case (.ipAddress(let x), .ipAddress(let y)):
            return x.count * 2 == y.count || y.count * 2 == x.count
        default:
            return false
        }
    }

    /// Whether `host` equals `base` or is a subdomain of it (ASCII case-insensitive).
    static func hostWithin(_ host: [UInt8], _ base: [UInt8]) -> Bool {
        let h = X509Text.lower(host), b = X509Text.lower(base)
        if h == b { return true }
        return h.count > b.count && h.suffix(b.count).elementsEqual(b) && h[h.count - b.count - 1] == UInt8(ascii: ".")
    }

    /// Whether `name` is in the subtree `base`. For an excluded subtree a wildcard name counts as inside
    /// when any name it stands for would be.
    static func within(_ name: GeneralName, _ base: GeneralName, excluded: Bool) -> Bool {
        switch (name, base) {
        case (.dnsName(let n), .dnsName(let b)):
            let host = Array(n.utf8)
            let bb = Array(b.utf8)
            if host.starts(with: Array("*.".utf8)) {
                // *.D stands for the names one label under D: all inside the subtree when D is; for an
                // excluded subtree, also when the subtree lies under D (the wildcard covers some of it).
                let d = Array(host.dropFirst(2))
                if hostWithin(d, bb) { return true }
                return excluded && hostWithin(bb, d) && X509Text.lower(bb) != X509Text.lower(d)
            }
            return hostWithin(host, bb)
        case (.rfc822Name(let n), .rfc822Name(let b)):
            let m = Array(n.utf8), c = Array(b.utf8)
            guard let at = m.lastIndex(of: UInt8(ascii: "@")) else { return false }
            let domain = Array(m[(at + 1)...])
            if c.contains(UInt8(ascii: "@")) {
                guard let cat = c.lastIndex(of: UInt8(ascii: "@")) else { return false }
                return m[..<at].elementsEqual(c[..<cat]) && X509Text.lower(domain) == X509Text.lower(Array(c[(cat + 1)...]))
            }
            if c.first == UInt8(ascii: ".") {
                return hostWithin(domain, Array(c.dropFirst())) && X509Text.lower(domain) != X509Text.lower(Array(c.dropFirst()))
            }
            return X509Text.lower(domain) == X509Text.lower(c)
        case (.ipAddress(let a), .ipAddress(let b)):
            let half = b.count / 2
            guard a.count == half else { return false }
            for k in 0..<half where a[k] & b[half + k] != b[k] & b[half + k] { return false }
            return true
        case (.directoryName(let n), .directoryName(let b)):
            switch n.containment(in: b) {
            case .inside: return true
            case .outside: return false
            // Values this module cannot compare as RFC 4518 asks: fail closed both ways.
            case .undecided: return excluded
            }
        default:
            // Types this module does not match (otherName, URI, …): a name of the type is never
            // within a permitted subtree and always within an excluded one, so a constraint of a
            // type it cannot evaluate never lets a name through.
            return excluded
        }
    }
}
