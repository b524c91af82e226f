import AppStore
import JOSEServerAppStore
import JOSEServerSupport
import Vapor

extension AppStoreNotificationReceiver {
    /// Adds `POST /appstore/notifications` (or `path`) to `routes`: the URL you give App Store Connect for App Store
    /// Server Notifications V2.
    ///
    /// The body is streamed and read up to ``JOSEServerAppStore/AppStoreNotificationReceiver/maximumBodyBytes`` (a
    /// larger `Content-Length` is refused before reading; Vapor's default body limit does not apply), then handed to
    /// ``JOSEServerAppStore/AppStoreNotificationReceiver/receive(_:)``. The answer is its status with a `text/plain`
    /// body of the code only (`ok`, `refused: <code>`, `failed: handlerFailed`): 200 only when your handler returned,
    /// so Apple sends again whatever was refused, could not be checked (503) or failed (500). Refusals and failures
    /// are logged at `notice` with their code and reason.
    ///
    /// ```swift
    /// let notifications = AppStoreNotificationReceiver(verifier: verifier) { verified in … }
    /// notifications.addRoute(to: app)   // POST /appstore/notifications
    /// ```
    public func addRoute(to routes: any RoutesBuilder, path: [PathComponent] = ["appstore", "notifications"]) {
        let receiver = self
        routes.on(.POST, path, body: .stream) { req async -> Response in
            let outcome: Outcome
            if let body = await Self.body(of: req, limit: receiver.maximumBodyBytes) {
                outcome = await receiver.receive(body)
            } else {
                outcome = .tooLarge(receiver.maximumBodyBytes)
            }
            return Self.response(outcome, logger: req.logger)
        }
    }

    /// The request body if it is at most `limit` bytes, else nil.
    static func body(of req: Request, limit: Int) async -> [UInt8]? {
        if let length = req.headers.first(name: .contentLength).flatMap({ Int($0) }), length > limit { return nil }
        do {
            // Vapor's collect fails once the body reaches `max`, so a body of exactly `limit` bytes needs `limit + 1`.
            let buffer = try await req.body.collect(max: limit + 1).get()
            let bytes = buffer.map { Array($0.readableBytesView) } ?? []
            return bytes.count <= limit ? bytes : nil
        } catch {
            return nil
        }
    }

    static func response(_ outcome: Outcome, logger: Logger) -> Response {
        if outcome.status != 200 {
            logger.notice("App Store notification not accepted", metadata: [
                "status": "\(outcome.status)", "code": "\(outcome.code)", "reason": "\(outcome.reason)"])
        }
        return Response(status: HTTPResponseStatus(statusCode: outcome.status),
                        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
                        body: .init(string: outcome.responseBody))
    }
}
