import JOSE

/// The provider token of Apple Push Notification service (`authorization: bearer <token>`): an ES256 JWT made with an
/// APNs key.
///
/// Header `{"alg":"ES256","kid":…}`; claims `iss` (team ID) and `iat`, nothing else. APNs refuses a token older than
/// an hour (`ExpiredProviderToken`) and one replaced more often than every 20 minutes
/// (`TooManyProviderTokenUpdates`): make tokens through ``APNsProviderTokenCache``, which keeps within both.
public struct APNsProviderToken: Sendable {
    public let key: AppleAPIKey
    public let teamID: String

    public init(key: AppleAPIKey, teamID: String) throws(AppStoreError) {
        try requireText(teamID, "team ID")
        self.key = key
        self.teamID = teamID
    }

    struct Claims: Encodable {
        let iss: String
        let iat: Int64
    }

    /// A token issued at `issuedAt` (seconds since 1970).
    public func token(issuedAt: Int64) throws(AppStoreError) -> String {
        try requireIssuedAt(issuedAt)
        return try key.sign(Claims(iss: teamID, iat: issuedAt), type: nil)
    }
}

/// Hands out one APNs provider token to every caller and replaces it once it is ``refreshAge`` old (between 20 and
/// 60 minutes; 50 by default), so APNs never sees an expired token nor two new tokens within 20 minutes — even with
/// many concurrent senders (the actor makes each check-and-replace one step).
///
/// ```swift
/// let tokens = try APNsProviderTokenCache(APNsProviderToken(key: AppleAPIKey(keyID: "ABC123DEFG", p8: p8Text),
///                                                           teamID: "TEAM123456"))
/// request.headerFields[.authorization] = "bearer \(try await tokens.current())"
/// ```
public actor APNsProviderTokenCache {
    /// The shortest refresh age: APNs allows one new token per 20 minutes.
    public static let minimumRefreshAge: Int64 = 1200
    /// The longest refresh age: APNs refuses tokens older than an hour.
    public static let maximumRefreshAge: Int64 = 3600

    public nonisolated let maker: APNsProviderToken
    /// The age, in seconds, at which the token is replaced.
    public nonisolated let refreshAge: Int64
    /// Seconds since 1970 for `iat`.
    private let wallClock: @Sendable () -> Int64
    /// Seconds on a clock that never steps back, for the token's age.
    private let ageClock: @Sendable () -> Int64
    private var cached: (token: String, madeAt: Int64)?
    /// How many tokens this cache has made (for monitoring and tests).
    public private(set) var tokensIssued = 0

    /// - Parameters:
    ///   - maker: makes each token (your key, key ID and team).
    ///   - refreshAge: seconds, 1200 … 3599 (a token must be replaced before APNs calls it expired at 3600).
    /// Ages are measured on the system's monotonic clock, so setting the wall clock neither keeps a token too long
    /// nor replaces it too soon.
    public init(_ maker: APNsProviderToken, refreshAge: Int64 = 3000) throws(AppStoreError) {
        try self.init(maker, refreshAge: refreshAge, wallClock: { Int64(systemTimeSeconds()) },
                      ageClock: { Int64(monotonicTimeSeconds()) })
    }

    /// With an injected clock (seconds since 1970), used both for `iat` and for ages: for tests.
    public init(_ maker: APNsProviderToken, refreshAge: Int64 = 3000,
                clock: @escaping @Sendable () -> Int64) throws(AppStoreError) {
        try self.init(maker, refreshAge: refreshAge, wallClock: clock, ageClock: clock)
    }

    private init(_ maker: APNsProviderToken, refreshAge: Int64, wallClock: @escaping @Sendable () -> Int64,
                 ageClock: @escaping @Sendable () -> Int64) throws(AppStoreError) {
        guard refreshAge >= Self.minimumRefreshAge && refreshAge < Self.maximumRefreshAge else {
            throw .make(.invalidArgument, "refreshAge must be 1200 … 3599 seconds (APNs: at most one new token per 20 minutes, none older than 60), not \(refreshAge)")
        }
        self.maker = maker
        self.refreshAge = refreshAge
        self.wallClock = wallClock
        self.ageClock = ageClock
    }

    /// The token to send now: the cached one, or a new one once the cached one is ``refreshAge`` old.
    public func current() throws(AppStoreError) -> String {
        let now = ageClock()
        // The age cannot overflow: a clock that jumps across most of Int64 (an injected one) makes a new token
        // instead of trapping.
        if let c = cached {
            let (age, over) = now.subtractingReportingOverflow(c.madeAt)
            if !over && age < refreshAge { return c.token }
        }
        let token = try maker.token(issuedAt: wallClock())
        cached = (token, now)
        tokensIssued += 1
        return token
    }
}
