import DER

extension JWK {
    /// A `crv` value: for `EC` keys (RFC 7518 §6.2.1.1) and for `OKP` keys (RFC 8037 §2; the same IANA registry).
    /// A struct over a private enum so that curves can be added without breaking a caller's `switch`.
    public struct Curve: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        private enum Backing: String, Sendable, Hashable, CaseIterable { case p256 = "P-256", p384 = "P-384", p521 = "P-521", ed25519 = "Ed25519" }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        /// NIST P-256 (secp256r1).
        public static let p256 = Curve(.p256)
        /// NIST P-384 (secp384r1).
        public static let p384 = Curve(.p384)
        /// NIST P-521 (secp521r1).
        public static let p521 = Curve(.p521)
        /// Ed25519 (RFC 8037 §2), the curve of `OKP` signing keys.
        public static let ed25519 = Curve(.ed25519)

        /// The `crv` value.
        public var rawValue: String { backing.rawValue }
        /// The curve whose `crv` is exactly `rawValue` (byte for byte), or nil.
        public init?(rawValue: String) {
            guard let b = Backing.allCases.first(where: { $0.rawValue.utf8.elementsEqual(rawValue.utf8) }) else { return nil }
            backing = b
        }
        public var description: String { rawValue }

        /// The curve table: one row per curve (key type, the DER module's name, coordinate, private key and
        /// signature sizes, its algorithms). A new curve is a backing case, a static member, a row, and its
        /// keys in its family's file (`Algorithms/ECDSA.swift` or `Algorithms/EdDSA.swift`).
        var spec: CurveSpec {
            switch backing {
            case .p256:
                return CurveSpec(keyType: .ec, namedCurve: .p256, coordinateByteCount: 32, privateKeyByteCount: 32,
                                 signatureByteCount: 64, algorithms: [.es256])
            case .p384:
                return CurveSpec(keyType: .ec, namedCurve: .p384, coordinateByteCount: 48, privateKeyByteCount: 48,
                                 signatureByteCount: 96, algorithms: [.es384])
            case .p521:
                return CurveSpec(keyType: .ec, namedCurve: .p521, coordinateByteCount: 66, privateKeyByteCount: 66,
                                 signatureByteCount: 132, algorithms: [.es512])
            case .ed25519:
                return CurveSpec(keyType: .okp, namedCurve: nil, coordinateByteCount: 32, privateKeyByteCount: 32,
                                 signatureByteCount: 64, algorithms: [.edDSA, .ed25519])
            }
        }

        /// All curves, in table order.
        static var all: [Curve] { Backing.allCases.map(Curve.init) }

        /// The `EC` curve the DER module calls `named`, or nil when JOSE has no row for it.
        init?(namedCurve named: ECNamedCurve) {
            guard let c = Curve.all.first(where: { $0.spec.namedCurve == named }) else { return nil }
            self = c
        }

        /// Size of a coordinate (and of r and s) in bytes; for Ed25519, the size of the public key `x`.
        public var coordinateByteCount: Int { spec.coordinateByteCount }

        /// Whether this is a curve of `EC` keys (the NIST curves), as opposed to an `OKP` curve.
        var isWeierstrass: Bool { spec.keyType == .ec }
    }
}
