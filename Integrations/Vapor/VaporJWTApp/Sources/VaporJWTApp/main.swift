import Foundation
import Vapor

// vapor-jwt-compare-app: KEYS_DIR (default ./keys), HOST (127.0.0.1), PORT (8080).
let env = ProcessInfo.processInfo.environment
let app = try await Application.make(.production)
app.logger.logLevel = .error
app.http.server.configuration.hostname = env["HOST"] ?? "127.0.0.1"
app.http.server.configuration.port = Int(env["PORT"] ?? "") ?? 8080
do {
    try await configure(app, keysDirectory: env["KEYS_DIR"] ?? "keys")
    try await app.execute()
} catch {
    app.logger.critical("\(error)")
    try? await app.asyncShutdown()
    exit(1)
}
try await app.asyncShutdown()
