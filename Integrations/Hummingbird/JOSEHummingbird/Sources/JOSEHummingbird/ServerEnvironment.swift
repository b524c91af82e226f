/// Settings read from environment variables, each checked before it is used: a value that is set but not what
/// its variable takes is an error naming the variable and what it takes — never a trap, never silently the default.
/// What the example `sign-in-with-apple-server` reads its configuration through.
public struct ServerEnvironment: Sendable {
    public let variables: [String: String]

    public init(_ variables: [String: String]) { self.variables = variables }

    /// The variable's value, or nil when it is unset or empty.
    public func string(_ name: String) -> String? {
        guard let v = variables[name], !v.isEmpty else { return nil }
        return v
    }

    /// The variable's value; an error when it is unset or empty.
    public func required(_ name: String) throws(IntegrationError) -> String {
        guard let v = string(name) else { throw .make(.configuration, "set \(name) (see the README)") }
        return v
    }

    /// A whole number in `range` (ASCII decimal digits only: no sign, exponent, fraction, `inf` or `nan`), or
    /// `defaultValue` when the variable is unset or empty.
    public func wholeNumber(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(IntegrationError) -> Int {
        guard let text = string(name) else { return defaultValue }
        guard text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let n = Int(text), range.contains(n) else {
            throw .make(.configuration, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(Self.shown(text))")
        }
        return n
    }

    /// `1` (true) or `0` (false), or `defaultValue` when unset or empty.
    public func flag(_ name: String, default defaultValue: Bool) throws(IntegrationError) -> Bool {
        switch string(name) {
        case nil: return defaultValue
        case "1": return true
        case "0": return false
        case let other?: throw .make(.configuration, "\(name) must be 1 or 0, not \(Self.shown(other))")
        }
    }

    /// One of `choices` (compared without regard to ASCII case), or `defaultValue` when unset or empty.
    public func choice(_ name: String, default defaultValue: String, in choices: [String]) throws(IntegrationError) -> String {
        guard let text = string(name) else { return defaultValue }
        guard let match = choices.first(where: { $0.lowercased() == text.lowercased() }) else {
            throw .make(.configuration, "\(name) must be one of \(choices.joined(separator: ", ")), not \(Self.shown(text))")
        }
        return match
    }

    /// A value for an error message: quoted, at most 40 characters, controls shown as `?`.
    static func shown(_ text: String) -> String {
        let cut = text.unicodeScalars.prefix(40).map { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) ? "?" : Character($0) }
        return "'" + String(cut) + (text.unicodeScalars.count > 40 ? "…" : "") + "'"
    }
}
