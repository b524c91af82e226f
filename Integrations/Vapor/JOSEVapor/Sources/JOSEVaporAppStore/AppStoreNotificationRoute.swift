import AppStore
import JOSEServerAppStore
import JOSEServerSupport
import JOSEVapor
import Vapor

extension AppStoreNotificationReceiver {
    /// Adds `POST /appstore/notifications` (or `path`) to `routes`: the URL you give App Store Connect for App Store
    /// Server Notifications V2.
    ///
    /// The body is streamed and read up to ``JOSEServerAppStore/AppStoreNotificationReceiver/maximumBodyBytes`` (a
    /// larger `Content-Length` is refused before reading; Vapor's default body limit does not apply) within
    /// ``JOSEServerAppStore/AppStoreNotificationReceiver/bodyReads``' deadline (408 and the connection closed past
    /// it; 503 and closed when that many bodies are already being read; on an `Application` without an
    /// `idleTimeout`, that timeout is set to the deadline plus 1 s, which closes a body that never starts), then handed to
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
        if let app = routes as? Application { GuardedBody.setIdleTimeoutIfUnset(app, seconds: bodyReads.timeout + 1) }
        routes.on(.POST, path, body: .stream) { req async -> Response in
            let outcome: Outcome
            switch await GuardedBody.read(req, limit: receiver.maximumBodyBytes, gate: receiver.bodyReads) {
            case .bytes(let body): outcome = await receiver.receive(body)
            case .tooLarge: outcome = .tooLarge(receiver.maximumBodyBytes)
            case .refused(let response):
                let status = Int(response.status.code)
                Self.log(status == 408 ? .timedOut(receiver.bodyReads.timeout) : .busy(receiver.bodyReads.maximumConcurrentReads),
                         logger: req.logger)
                return response
            }
            return Self.response(outcome, logger: req.logger)
        }
    }

    static func log(_ outcome: Outcome, logger: Logger) {
        if outcome.status != 200 {
            logger.notice("App Store notification not accepted", metadata: [
                "status": "\(outcome.status)", "code": "\(outcome.code)", "reason": "\(outcome.reason)"])
        }
    }

    static func response(_ outcome: Outcome, logger: Logger) -> Response {
        log(outcome, logger: logger)
        return Response(status: HTTPResponseStatus(statusCode: outcome.status),
                        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
                        body: .init(string: outcome.responseBody))
    }
}
