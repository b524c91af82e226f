/// Why an ECDSA public key or signature was refused.
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in
/// words. Two errors are equal when their codes are equal. No error carries key material.
public struct ECDSAError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidKeyEncoding = "invalid key encoding"
            case pointNotOnCurve = "point not on curve"
            case coordinateOutOfRange = "coordinate out of range"
            case pointAtInfinity = "point at infinity"
            case invalidSignatureEncoding = "invalid signature encoding"
            case unsupportedCurve = "unsupported curve"
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String { backing.rawValue }

        /// The bytes are not a point encoding of the expected form or length, or the DER/PEM is malformed.
        public static let invalidKeyEncoding = Code(.invalidKeyEncoding)
        /// The coordinates do not satisfy the curve equation (SEC 1 v2 §3.2.2.1 step 2).
        public static let pointNotOnCurve = Code(.pointNotOnCurve)
        /// A coordinate is ≥ p (SEC 1 v2 §3.2.2.1 step 1: coordinates must be field elements).
        public static let coordinateOutOfRange = Code(.coordinateOutOfRange)
        /// The point at infinity is never a public key.
        public static let pointAtInfinity = Code(.pointAtInfinity)
        /// The signature is not exactly r‖s of the curve's size, or not a valid DER ECDSA-Sig-Value.
        public static let invalidSignatureEncoding = Code(.invalidSignatureEncoding)
        /// The key is for a different curve or algorithm.
        public static let unsupportedCurve = Code(.unsupportedCurve)
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "ECDSA: \(code): \(reason)" }

    public static func == (a: ECDSAError, b: ECDSAError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    @inline(never)
    static func make(_ code: Code, _ reason: String) -> ECDSAError { ECDSAError(code, reason) }
}
