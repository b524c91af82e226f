/// A command-line failure: one line for standard error and the exit status that goes with it.
struct CLIFailure: Error, Equatable {
    var message: String
    var status: Int32

    /// Bad usage or an unreadable/unusable input: exit status 2.
    static func usage(_ message: String) -> CLIFailure { CLIFailure(message: message, status: 2) }
}

/// Command-line arguments split into options and operands, parsed by hand.
///
/// Accepted forms: `--name value`, `--name=value`, flags (`--help`, `-h`), operands, and `--`,
/// after which everything is an operand. A single `-` is an operand (it is never an option).
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var operands: [String] = []

    /// Parses `arguments` for `command`.
    /// - Parameters:
    ///   - valued: options that take a value; those in `repeatable` may be given more than once.
    ///   - flags: options without a value. `--help` and `-h` are always accepted.
    init(_ arguments: [String], command: String, valued: Set<String>, repeatable: Set<String> = [],
         flags: Set<String> = []) throws(CLIFailure) {
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" || name == "--help" {
                guard inlineValue == nil else {
                    throw .usage("\(command): option '\(name)' takes no value")
                }
                self.flags.insert("--help")
            } else if flags.contains(name) {
                guard inlineValue == nil else {
                    throw .usage("\(command): option '\(name)' takes no value")
                }
                self.flags.insert(name)
            } else if valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage("\(command): option '\(name)' needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
                if values[name] != nil && !repeatable.contains(name) {
                    throw .usage("\(command): option '\(name)' given more than once")
                }
                values[name, default: []].append(value)
            } else {
                throw .usage("\(command): unknown option '\(name)' (see '\(command) --help')")
            }
        }
    }

    var wantsHelp: Bool { flags.contains("--help") }

    /// The value of a single-valued option, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of a whole-number option, checked against `range` before the command does any arithmetic with
    /// it: nil when the option is not given; otherwise a decimal Int64 (optionally signed, ASCII digits only)
    /// inside `range`. Anything else — not a number (`1e300`, `inf`, `nan`, `0x10`, ` 5`), beyond Int64, or
    /// outside the range — is a usage error (exit 2) naming the option and the range.
    func integer(_ name: String, in range: ClosedRange<Int64>, command: String) throws(CLIFailure) -> Int64? {
        guard let text = value(name) else { return nil }
        guard let number = Int64(text), range.contains(number) else {
            throw .usage("\(command): \(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(quoted(text))")
        }
        return number
    }
}

/// The ranges of the tool's numeric options (every one is checked before any arithmetic).
enum OptionRange {
    /// A UNIXTIME option (`--iat`, `--now`): 1970-01-01 to 9999-12-31T23:59:59Z, the dates a JWT tool can print.
    static let unixTime: ClosedRange<Int64> = 0...253_402_300_799
    /// The largest NumericDate the tool writes (`exp` = `iat` + lifetime stays at or below it).
    static var latestTime: Int64 { unixTime.upperBound }
}


/// A user-given text for an error line: in single quotes, line-unsafe characters (``isLineUnsafe(_:)``) as `?`, and
/// at most 64 characters (then `…`), so the line stays one short line whatever was typed.
func quoted(_ text: String) -> String {
    let safe = String(String.UnicodeScalarView(text.unicodeScalars.prefix(64).map { isLineUnsafe($0) ? "?" : $0 }))
    return "'" + safe + (text.unicodeScalars.count > 64 ? "…" : "") + "'"
}
