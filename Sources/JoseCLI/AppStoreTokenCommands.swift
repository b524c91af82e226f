import AppStore
import Foundation

/// `jose appstore token` and `jose apns-token`: Apple's ES256 bearer tokens from a `.p8` key.
enum AppStoreTokenCommands {
    static let appStoreHelp = """
        Usage: jose appstore token --p8 FILE --issuer ID --kid K --bundle-id ID [--minutes N] [--iat UNIXTIME]

        Makes the bearer token of the App Store Server API: an ES256 JWT with header
        {"alg":"ES256","typ":"JWT","kid":K} and claims iss = ID, iat, exp = iat + N minutes,
        aud = appstoreconnect-v1, bid = the bundle ID. Printed on one line.

        Options:
          --p8 FILE         the In-App Purchase key from App Store Connect (SubscriptionKey_<kid>.p8)
          --issuer ID       the issuer ID shown on App Store Connect's Keys page (iss)
          --kid K           the key's ID
          --bundle-id ID    the app's bundle ID (bid)
          --minutes N       lifetime, 1 to 60 (Apple's limit); default 5
          --iat UNIXTIME    issued-at time; default now
          -h, --help        show this help

        Exit status: 0 made, 2 usage error or unusable key file.

        """

    static let apnsHelp = """
        Usage: jose apns-token --p8 FILE --team T --kid K [--iat UNIXTIME]

        Makes an Apple Push Notification service provider token: an ES256 JWT with header
        {"alg":"ES256","kid":K} and claims iss = T, iat. Printed on one line. APNs accepts it for an
        hour and refuses new tokens more often than every 20 minutes: reuse it.

        Options:
          --p8 FILE         the APNs key from your developer account (AuthKey_<kid>.p8)
          --team T          your Apple Developer team ID (iss)
          --kid K           the key's ID
          --iat UNIXTIME    issued-at time; default now
          -h, --help        show this help

        Exit status: 0 made, 2 usage error or unusable key file.

        """

    /// The key in `--p8` with `--kid`.
    static func key(_ parsed: ParsedArguments, command: String) throws(CLIFailure) -> AppleAPIKey {
        guard let path = parsed.value("--p8") else { throw .usage("\(command): --p8 FILE is required") }
        guard let kid = parsed.value("--kid") else { throw .usage("\(command): --kid K is required") }
        let bytes = try InputFile.bytes(path, command: command)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .usage("\(command): '\(path)' is not UTF-8 text") }
        do { return try AppleAPIKey(keyID: kid, p8: text) } catch {
            throw .usage("\(command): \(error.reason)")
        }
    }

    static func appStoreToken(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose appstore token"
        let parsed = try ParsedArguments(arguments, command: command,
                                         valued: ["--p8", "--issuer", "--kid", "--bundle-id", "--minutes", "--iat"])
        if parsed.wantsHelp {
            io.write(appStoreHelp)
            return 0
        }
        guard parsed.operands.isEmpty else { throw .usage("\(command): unexpected argument '\(parsed.operands[0])'") }
        guard let issuer = parsed.value("--issuer") else { throw .usage("\(command): --issuer ID is required") }
        guard let bundle = parsed.value("--bundle-id") else { throw .usage("\(command): --bundle-id ID is required") }
        let minutes = try parsed.integer("--minutes", in: 1...60, command: command) ?? 5
        let iat = try parsed.integer("--iat", in: OptionRange.unixTime, command: command) ?? io.now()
        guard iat <= OptionRange.latestTime - minutes * 60 else {
            throw .usage("\(command): --iat \(iat) + \(minutes) minutes is after year 9999")
        }
        let apiKey = try key(parsed, command: command)
        do {
            let maker = try AppStoreServerAPIToken(key: apiKey, issuerID: issuer, bundleID: bundle)
            io.write(try maker.token(issuedAt: iat, lifetime: minutes * 60) + "\n")
        } catch {
            throw .usage("\(command): \(error.reason)")
        }
        return 0
    }

    static func apnsToken(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose apns-token"
        let parsed = try ParsedArguments(arguments, command: command, valued: ["--p8", "--team", "--kid", "--iat"])
        if parsed.wantsHelp {
            io.write(apnsHelp)
            return 0
        }
        guard parsed.operands.isEmpty else { throw .usage("\(command): unexpected argument '\(parsed.operands[0])'") }
        guard let team = parsed.value("--team") else { throw .usage("\(command): --team T is required") }
        let iat = try parsed.integer("--iat", in: OptionRange.unixTime, command: command) ?? io.now()
        let apiKey = try key(parsed, command: command)
        do {
            io.write(try APNsProviderToken(key: apiKey, teamID: team).token(issuedAt: iat) + "\n")
        } catch {
            throw .usage("\(command): \(error.reason)")
        }
        return 0
    }
}

extension AppStoreTokenCommands {
    static let offerHelp = """
        Usage: jose appstore offer-signature --p8 FILE --kid K --bundle-id ID --product P --offer O
                                             --nonce UUID [--app-account-token UUID] [--timestamp MS]

        Signs a promotional offer for StoreKit (SKPaymentDiscount): ECDSA P-256 / SHA-256 over
        bundle ID, key ID, product, offer, app account token, nonce and timestamp joined by U+2063,
        DER-encoded, printed in base64.

        Options:
          --p8 FILE                 the In-App Purchase key from App Store Connect
          --kid K                   the key's ID
          --bundle-id ID            the app's bundle ID
          --product P               the product identifier
          --offer O                 the offer identifier
          --nonce UUID              the nonce the app sends with the purchase
          --app-account-token UUID  the app account token, if the purchase has one
          --timestamp MS            milliseconds since 1970; default now
          -h, --help                show this help

        Exit status: 0 made, 2 usage error or unusable key file.

        """

    static func offerSignature(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose appstore offer-signature"
        let parsed = try ParsedArguments(arguments, command: command,
                                         valued: ["--p8", "--kid", "--bundle-id", "--product", "--offer", "--nonce",
                                                  "--app-account-token", "--timestamp"])
        if parsed.wantsHelp {
            io.write(offerHelp)
            return 0
        }
        guard parsed.operands.isEmpty else { throw .usage("\(command): unexpected argument '\(parsed.operands[0])'") }
        guard let bundle = parsed.value("--bundle-id") else { throw .usage("\(command): --bundle-id ID is required") }
        guard let product = parsed.value("--product") else { throw .usage("\(command): --product P is required") }
        guard let offer = parsed.value("--offer") else { throw .usage("\(command): --offer O is required") }
        guard let nonce = parsed.value("--nonce") else { throw .usage("\(command): --nonce UUID is required") }
        // Milliseconds up to the end of year 9999, checked before use like every numeric option.
        let timestamp = try parsed.integer("--timestamp", in: 1...(OptionRange.latestTime * 1000 + 999), command: command)
            ?? io.now() * 1000
        let apiKey = try key(parsed, command: command)
        do {
            let creator = PromotionalOfferSignatureCreator(key: apiKey, bundleID: bundle)
            io.write(try creator.signature(productID: product, offerID: offer,
                                           appAccountToken: parsed.value("--app-account-token") ?? "",
                                           nonce: nonce, timestamp: timestamp) + "\n")
        } catch {
            throw .usage("\(command): \(error.reason)")
        }
        return 0
    }
}

/// `jose appstore …`: the App Store subcommands.
enum AppStoreCommand {
    static let help = """
        Usage: jose appstore <subcommand> [options]

        Subcommands:
          token            make an App Store Server API bearer token (ES256)
          offer-signature  sign a promotional offer (StoreKit's U+2063-joined fields, base64 DER)

        Run 'jose appstore <subcommand> --help' for its options.

        """

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        guard let sub = arguments.first else {
            io.writeError(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch sub {
        case "-h", "--help", "help":
            io.write(help)
            return 0
        case "token": return try AppStoreTokenCommands.appStoreToken(rest, io: io)
        case "offer-signature": return try AppStoreTokenCommands.offerSignature(rest, io: io)
        default: throw .usage("jose appstore: unknown subcommand '\(sub)' (see 'jose appstore --help')")
        }
    }
}
