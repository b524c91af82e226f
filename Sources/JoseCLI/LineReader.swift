#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One line of input as the tool sees it: its text, or only its size when it is longer than the limit.
public enum InputLine: Equatable, Sendable {
    /// A line (without its line break; invalid UTF-8 replaced by U+FFFD).
    case text(String)
    /// A line of this many bytes (without its line break), longer than the limit: skipped to its end unread.
    case tooLong(byteCount: Int)

    /// The longest line `jose verify` reads as a token: PureJOSE's token size limit (64 KiB).
    public static let tokenLimit = 64 << 10
}

/// Reads lines from a byte source through one fixed buffer, so memory stays bounded whatever the input: a line
/// longer than the limit is counted and skipped to its line break without being kept.
///
/// (`Swift.readLine` keeps the whole line: a 200 MiB line took about 430 MB before the token limit applied.)
final class BoundedLineReader {
    /// Bytes requested from the source per read.
    let chunkSize: Int
    /// Reads up to `buffer.count` bytes into `buffer`; returns the number read, 0 at end of input.
    private let source: (UnsafeMutableRawBufferPointer) -> Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The largest the buffer has been, in bytes (a test checks that it stays near limit + chunk).
    private(set) var peakBufferBytes = 0

    init(chunkSize: Int = 64 << 10, source: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.chunkSize = chunkSize
        self.source = source
    }

    /// Standard input (file descriptor 0), read with `read(2)`; a read error ends the input.
    static func standardInput() -> BoundedLineReader {
        BoundedLineReader { buffer in
            while true {
                let n = read(0, buffer.baseAddress, buffer.count)
                if n >= 0 { return n }
                if errno != EINTR { return 0 }
            }
        }
    }

    /// The next line, or nil at the end of the input. A line of more than `limit` bytes (not counting its
    /// `\n` or `\r\n`) comes back as `.tooLong` and its bytes are dropped as they are read.
    func next(limit: Int) -> InputLine? {
        let capacity = limit + chunkSize + 1
        if buffer.count < capacity {
            // Grows only to the largest limit asked for: bounded.
            var bigger = [UInt8](repeating: 0, count: capacity)
            bigger.replaceSubrange(0..<(end - start), with: buffer[start..<end])
            end -= start
            start = 0
            buffer = bigger
            peakBufferBytes = max(peakBufferBytes, buffer.count)
        }
        var scanned = start
        while true {
            if let nl = buffer[scanned..<end].firstIndex(of: 0x0A) {
                let line = buffer[start..<nl]
                start = nl + 1
                return Self.make(line, limit: limit)
            }
            scanned = end
            if end - start > limit + 1 {   // + 1: a line of exactly `limit` bytes may still end in \r\n
                return .tooLong(byteCount: skipRestOfLine(already: end - start))
            }
            if atEnd {
                guard start < end else { return nil }
                let line = buffer[start..<end]
                start = end
                return Self.make(line, limit: limit)
            }
            if start > 0 {
                buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
                scanned -= start
                end -= start
                start = 0
            }
            fill()
        }
    }

    private static func make(_ line: ArraySlice<UInt8>, limit: Int) -> InputLine {
        var line = line
        if line.last == 0x0D { line = line.dropLast() }
        if line.count > limit { return .tooLong(byteCount: line.count) }
        return .text(String(decoding: line, as: UTF8.self))
    }

    /// Drops what is buffered and reads on until the line break; returns the line's length in bytes (a final
    /// `\r` included).
    private func skipRestOfLine(already: Int) -> Int {
        var count = already
        start = 0
        end = 0
        while !atEnd {
            fill()
            if let nl = buffer[start..<end].firstIndex(of: 0x0A) {
                count += nl - start
                start = nl + 1
                return count
            }
            count += end - start
            start = 0
            end = 0
        }
        return count
    }

    private func fill() {
        let room = buffer.count - end
        guard room > 0, !atEnd else { return }
        let n = buffer.withUnsafeMutableBytes { all in
            source(UnsafeMutableRawBufferPointer(rebasing: all[end..<min(all.count, end + chunkSize)]))
        }
        if n <= 0 { atEnd = true } else { end += n }
    }
}
