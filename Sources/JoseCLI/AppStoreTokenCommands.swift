import AppStore
import Foundation
import JOSE
import PureX509

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
          verify           verify signed App Store data and print its payload

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
        case "verify": return try AppStoreVerifyCommand.run(rest, io: io)
        default: throw .usage("jose appstore: unknown subcommand '\(sub)' (see 'jose appstore --help')")
        }
    }
}

/// `jose appstore verify`: checks signed App Store data as `SignedDataVerifier` does and prints its payload.
enum AppStoreVerifyCommand {
    static let help = """
        Usage: jose appstore verify --bundle-id ID [--app-apple-id N] [--environment E] [--root CERT]...
                                    [--type T] SIGNED

        Verifies signed App Store data (a signed transaction, renewal info, App Store Server Notification
        signedPayload, app transaction or realtime request) with the checks of Apple's library: ES256, an x5c
        chain of three certificates with Apple's marker OIDs to a trusted root at the payload's signedDate,
        the leaf's signature, and the bundle ID, app Apple ID and environment. Prints the verified payload as
        indented JSON. With SIGNED '-', it is read from standard input.

        Options:
          --bundle-id ID      the app's bundle ID (required)
          --app-apple-id N    the app's Apple ID (required with --environment Production)
          --environment E     Production (default), Sandbox, Xcode or LocalTesting (Xcode and LocalTesting
                              data is not signed by Apple: it is only decoded, as Apple's library does)
          --root CERT         a trusted root certificate file (PEM or DER), repeatable;
                              default: Apple Root CA - G3
          --type T            transaction, renewal-info, notification, app-transaction, realtime-request;
                              default: chosen from the members Apple defines for each (a payload with
                              no transaction-only member, such as bundleId, is renewal info; one with
                              members of both needs --type)
          --online            not available: revocation (OCSP) checks need a fetcher and this tool does no
                              networking; use SignedDataVerifier(enableOnlineChecks:ocspFetcher:) in a server
          -h, --help          show this help

        Exit status: 0 valid, 1 invalid ('invalid: <code>: <reason>' on standard output), 2 usage error,
        3 standard output could not be written.

        """

    static let types = ["transaction", "renewal-info", "notification", "app-transaction", "realtime-request"]

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose appstore verify"
        let parsed = try ParsedArguments(arguments, command: command,
                                         valued: ["--bundle-id", "--app-apple-id", "--environment", "--root", "--type"],
                                         repeatable: ["--root"], flags: ["--online"])
        if parsed.wantsHelp {
            io.write(help)
            return 0
        }
        if parsed.flags.contains("--online") {
            throw .usage("\(command): --online needs an OCSP fetcher and this tool does no networking; verify online with SignedDataVerifier(enableOnlineChecks: true, ocspFetcher:) in your server")
        }
        guard parsed.operands.count == 1 else {
            throw .usage(parsed.operands.isEmpty
                ? "\(command): give the SIGNED data (see '\(command) --help')"
                : "\(command): give exactly one SIGNED value, not \(parsed.operands.count)")
        }
        guard let bundle = parsed.value("--bundle-id") else { throw .usage("\(command): --bundle-id ID is required") }
        let environment: AppStoreEnvironment
        switch parsed.value("--environment") ?? "Production" {
        case "Production": environment = .production
        case "Sandbox": environment = .sandbox
        case "Xcode": environment = .xcode
        case "LocalTesting": environment = .localTesting
        case let other: throw .usage("\(command): --environment must be Production, Sandbox, Xcode or LocalTesting, not '\(other)'")
        }
        let appID = try parsed.integer("--app-apple-id", in: 1...Int64.max, command: command)
        let type = parsed.value("--type")
        if let type, !types.contains(type) {
            throw .usage("\(command): --type must be one of \(types.joined(separator: ", ")), not '\(type)'")
        }
        var roots: [Certificate] = []
        // Pinned roots are read for their name and key (RFC 5280 §6.1.1 (d)); profile deviations are warnings.
        for path in parsed.allValues("--root") {
            roots += try X509Command.certificates(path, command: command, trustAnchors: io)
        }
        var signed = parsed.operands[0]
        if signed == "-" {
            let bytes = try InputFile.standardInput(io, command: command)
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .usage("\(command): standard input is not UTF-8 text") }
            signed = text
        }
        signed = signed.trimmingWhitespace

        let verifier: SignedDataVerifier
        do {
            // The tool's clock (the current time, read once; fixed in tests) bounds a signed date in the future.
            let now = io.now()
            verifier = try SignedDataVerifier(rootCertificates: roots.isEmpty ? [SignedDataVerifier.appleRootCAG3] : roots,
                                              bundleID: bundle, appAppleID: appID, environment: environment,
                                              clock: { now })
        } catch {
            throw .usage("\(command): \(error.reason)")
        }
        // The payload as signed (shown once verified), and the type its members say it is.
        let parts = signed.split(separator: ".", omittingEmptySubsequences: false)
        let payload: JSONValue? = parts.count == 3
            ? (try? Base64URL.decode(Array(parts[1].utf8))).flatMap { try? JSONValue(parsing: $0) } : nil
        let kind: String
        if let type { kind = type } else {
            switch guessType(payload) {
            case .found(let k): kind = k
            case .ambiguous(let reason): throw .usage("\(command): \(reason); give --type")
            }
        }
        do {
            switch kind {
            case "renewal-info": _ = try verifier.verifyAndDecodeRenewalInfo(signed)
            case "notification": _ = try verifier.verifyAndDecodeNotificationWithNestedData(signed)
            case "app-transaction": _ = try verifier.verifyAndDecodeAppTransaction(signed)
            case "realtime-request": _ = try verifier.verifyAndDecodeRealtimeRequest(signed)
            default: _ = try verifier.verifyAndDecodeTransaction(signed)
            }
        } catch {
            io.write("invalid: \(error.code): \(error.reason)\n")
            return 1
        }
        guard let payload else {
            io.write("invalid: invalidJWTFormat: the payload is not base64url JSON\n")
            return 1
        }
        io.write(JSONText(payload).pretty + "\n")
        return 0
    }

    enum Guess: Equatable { case found(String), ambiguous(String) }

    /// Members only a renewal info has, and members only a transaction has, in Apple's definitions of
    /// JWSRenewalInfoDecodedPayload and JWSTransactionDecodedPayload (the two share environment, signedDate,
    /// originalTransactionId, productId, offerType, offerIdentifier, currency, appAccountToken, appTransactionId,
    /// offerDiscountType and offerPeriod).
    static let renewalInfoOnly: Set<String> = ["autoRenewStatus", "autoRenewProductId", "expirationIntent",
                                               "isInBillingRetryPeriod", "priceIncreaseStatus", "gracePeriodExpiresDate",
                                               "recentSubscriptionStartDate", "renewalDate", "renewalPrice",
                                               "eligibleWinBackOfferIds"]
    static let transactionOnly: Set<String> = ["bundleId", "transactionId", "webOrderLineItemId", "purchaseDate",
                                               "originalPurchaseDate", "expiresDate", "quantity", "type",
                                               "inAppOwnershipType", "revocationReason", "revocationDate", "isUpgraded",
                                               "storefront", "storefrontId", "transactionReason", "price",
                                               "subscriptionGroupIdentifier", "revocationType", "revocationPercentage"]

    /// The payload's type from the members Apple defines for each: a notification, app transaction or realtime
    /// request by a member only it has; then a renewal info by a renewal-only member, or by having no
    /// transaction-only member at all (a transaction always names its bundleId; Apple's own mock renewal info carries
    /// only environment and signedDate); a payload with members of both is ambiguous (`--type` decides).
    static func guessType(_ payload: JSONValue?) -> Guess {
        guard case .object(let m)? = payload else { return .found("transaction") }
        if m["notificationType"] != nil || m["notificationUUID"] != nil { return .found("notification") }
        if m["receiptType"] != nil || m["originalApplicationVersion"] != nil { return .found("app-transaction") }
        if m["requestIdentifier"] != nil { return .found("realtime-request") }
        let renewal = renewalInfoOnly.filter { m[$0] != nil }.sorted()
        let transaction = transactionOnly.filter { m[$0] != nil }.sorted()
        if !renewal.isEmpty && !transaction.isEmpty {
            return .ambiguous("the payload has members of a renewal info (\(renewal.joined(separator: ", "))) and of a transaction (\(transaction.joined(separator: ", ")))")
        }
        return .found(transaction.isEmpty ? "renewal-info" : "transaction")
    }
}
