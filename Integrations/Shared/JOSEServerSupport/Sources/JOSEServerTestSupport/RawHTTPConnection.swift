import NIOCore
import NIOPosix
import Synchronization

/// A TCP connection to a server under test on 127.0.0.1 that sends exactly the bytes it is given — a request that
/// declares a body and never sends it, a body dripped a byte at a time, hundreds of pipelined requests in one write —
/// and records what comes back and when the server closed. SwiftNIO alone, so that the Hummingbird and the Vapor
/// tests share it; no blocking call, so a test can hold many of them open while the server runs in the same process.
public final class RawHTTPConnection: Sendable {
    struct State: Sendable {
        var received: [UInt8] = []
        var closed = false
        var firstByteAt: ContinuousClock.Instant?
        var closedAt: ContinuousClock.Instant?
        /// Status lines (`HTTP/1.1 NNN`) seen so far, by code, counted as bytes arrive (a flood's answers are never
        /// rescanned).
        var statuses: [Int: Int] = [:]
        var responses = 0
        /// How much of `HTTP/1.1 ` has matched so far (0…9), then the status digits read (9…12).
        var matched = 0
        var code = 0

        static let statusLine = Array("HTTP/1.1 ".utf8)

        mutating func scan(_ bytes: ByteBufferView) {
            for b in bytes {
                if matched < 9 {
                    if b == Self.statusLine[matched] { matched += 1 } else { matched = b == Self.statusLine[0] ? 1 : 0 }
                    if matched == 9 { code = 0 }
                } else if b >= 0x30 && b <= 0x39 {
                    code = code * 10 + Int(b - 0x30)
                    matched += 1
                    if matched == 12 {
                        statuses[code, default: 0] += 1
                        responses += 1
                        matched = 0
                    }
                } else {
                    matched = b == Self.statusLine[0] ? 1 : 0
                }
            }
        }
    }

    let channel: any Channel
    let box: Box

    init(channel: any Channel, box: Box) {
        self.channel = channel
        self.box = box
    }

    /// Opens a connection to `127.0.0.1:port`.
    public static func open(port: Int) async throws -> RawHTTPConnection {
        let box = Box()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Collector(box: box))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawHTTPConnection(channel: channel, box: box)
    }

    /// Sends `text` as it is (UTF-8). Throws if the server has closed the connection.
    public func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Everything received so far (the first 64 KiB).
    public var received: String { String(decoding: box.state.withLock { $0.received }, as: UTF8.self) }
    /// Whether the server closed the connection.
    public var isClosed: Bool { box.state.withLock { $0.closed } }
    /// When the first byte of an answer arrived (measured as it arrived, however late the test looks).
    public var firstByteAt: ContinuousClock.Instant? { box.state.withLock { $0.firstByteAt } }
    /// When the connection was seen closed.
    public var closedAt: ContinuousClock.Instant? { box.state.withLock { $0.closedAt } }

    /// Waits until `done(self)` holds or `seconds` have passed; returns whether it held.
    public func wait(upTo seconds: Double, until done: @Sendable (RawHTTPConnection) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while true {
            if done(self) { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Whether a whole response head (up to its blank line) has arrived.
    public var hasAnswer: Bool {
        box.state.withLock { s in
            s.received.count >= 4 && s.received.indices.dropLast(3).contains { i in
                s.received[i] == 13 && s.received[i + 1] == 10 && s.received[i + 2] == 13 && s.received[i + 3] == 10
            }
        }
    }

    /// How many response status lines (`HTTP/1.1 NNN`) have arrived.
    public var responseCount: Int { box.state.withLock { $0.responses } }
    /// The status lines that have arrived, by code.
    public var statuses: [Int: Int] { box.state.withLock { $0.statuses } }

    /// Closes the connection from this side.
    public func close() async { try? await channel.close() }

    final class Box: Sendable {
        let state = Mutex(State())
    }

    final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let box: Box
        init(box: Box) { self.box = box }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            let now = ContinuousClock.now
            box.state.withLock { s in
                if s.firstByteAt == nil { s.firstByteAt = now }
                s.scan(buffer.readableBytesView)
                if s.received.count < 1 << 16 { s.received += buffer.readableBytesView }
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            let now = ContinuousClock.now
            box.state.withLock { s in
                s.closed = true
                s.closedAt = now
            }
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}

/// Asks a server on 127.0.0.1 for `total` answers to one raw request over `connections` keep-alive connections,
/// each sending its share pipelined in batches of `batch`; returns the status lines counted by status code and the
/// seconds it took. For floods: tens of thousands of requests in seconds, without an HTTP client's per-request cost.
public func rawFlood(port: Int, request: String, total: Int, connections: Int = 16,
                     batch: Int = 100) async throws -> (statuses: [Int: Int], seconds: Double) {
    let start = ContinuousClock.now
    let perConnection = (total + connections - 1) / connections
    let shares = (0..<connections).map { i in max(0, min(perConnection, total - i * perConnection)) }
    let results = try await withThrowingTaskGroup(of: [Int: Int].self) { group in
        for share in shares where share > 0 {
            group.addTask {
                let c = try await RawHTTPConnection.open(port: port)
                var sent = 0
                while sent < share {
                    let n = min(batch, share - sent)
                    try await c.send(String(repeating: request, count: n))
                    sent += n
                    let want = sent
                    _ = await c.wait(upTo: 60) { $0.isClosed || $0.responseCount >= want }
                }
                await c.close()
                return c.statuses
            }
        }
        return try await group.reduce(into: [Int: Int]()) { all, one in all.merge(one, uniquingKeysWith: +) }
    }
    let elapsed = ContinuousClock.now - start
    return (results, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
