import Foundation

/// A self-made SVG bar chart (no dependencies): one horizontal bar per row, on a logarithmic
/// axis, coloured by family (RSA, ECDSA, HMAC) with a legend, labelled axes and the value at the
/// end of each bar. Used by `jose-bench --svg FILE` for the verify cost per algorithm.
struct SVGBarChart {
    struct Bar {
        var label: String
        var family: String
        var value: Double
    }

    var title: String
    var subtitle: String
    var valueAxisLabel: String
    var categoryAxisLabel: String

    /// Colours by family, in legend order; unknown families are grey.
    static let palette: [(family: String, colour: String)] = [
        ("HMAC", "#5a9e4b"), ("RSA", "#3b6fb6"), ("ECDSA", "#e07b24"),
    ]

    func render(_ bars: [Bar]) -> String {
        let values = bars.map(\.value).filter { $0 > 0 && $0.isFinite }
        let rowHeight = 26.0, labelWidth = 190.0, plotWidth = 560.0, right = 90.0
        let top = 84.0, bottom = 64.0
        let plotHeight = rowHeight * Double(max(bars.count, 1))
        let width = labelWidth + plotWidth + right
        let height = top + plotHeight + bottom
        // Whole decades around the data.
        let lowDecade = floor(log10(values.min() ?? 1))
        let highDecade = max(ceil(log10(values.max() ?? 10)), lowDecade + 1)
        func x(_ v: Double) -> Double {
            labelWidth + (log10(max(v, pow(10, lowDecade))) - lowDecade) / (highDecade - lowDecade) * plotWidth
        }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(f(width / 2))" y="26" text-anchor="middle" font-size="16" font-weight="bold">\(escape(title))</text>
            <text x="\(f(width / 2))" y="46" text-anchor="middle" fill="#555555">\(escape(subtitle))</text>

            """
        // Decade grid lines with their labels, and minor ticks at 2…9.
        var decade = lowDecade
        while decade <= highDecade {
            let gx = x(pow(10, decade))
            svg += """
                <line x1="\(f(gx))" y1="\(f(top))" x2="\(f(gx))" y2="\(f(top + plotHeight))" stroke="#cccccc"/>
                <text x="\(f(gx))" y="\(f(top + plotHeight + 18))" text-anchor="middle">\(decadeLabel(decade))</text>

                """
            if decade < highDecade {
                for m in 2...9 {
                    let mx = x(Double(m) * pow(10, decade))
                    svg += "<line x1=\"\(f(mx))\" y1=\"\(f(top))\" x2=\"\(f(mx))\" y2=\"\(f(top + plotHeight))\" stroke=\"#eeeeee\"/>\n"
                }
            }
            decade += 1
        }
        // Bars.
        for (i, bar) in bars.enumerated() {
            let y = top + Double(i) * rowHeight
            let colour = SVGBarChart.palette.first { $0.family == bar.family }?.colour ?? "#888888"
            let end = x(bar.value)
            svg += """
                <text x="\(f(labelWidth - 8))" y="\(f(y + rowHeight / 2 + 4))" text-anchor="end">\(escape(bar.label))</text>
                <rect x="\(f(labelWidth))" y="\(f(y + 4))" width="\(f(max(end - labelWidth, 1)))" height="\(f(rowHeight - 8))" fill="\(colour)"><title>\(escape(bar.label)): \(valueText(bar.value)) µs</title></rect>
                <text x="\(f(end + 5))" y="\(f(y + rowHeight / 2 + 4))" fill="#333333">\(valueText(bar.value)) µs</text>

                """
        }
        // Axes and their labels.
        svg += """
            <line x1="\(f(labelWidth))" y1="\(f(top))" x2="\(f(labelWidth))" y2="\(f(top + plotHeight))" stroke="#000000"/>
            <line x1="\(f(labelWidth))" y1="\(f(top + plotHeight))" x2="\(f(labelWidth + plotWidth))" y2="\(f(top + plotHeight))" stroke="#000000"/>
            <text x="\(f(labelWidth + plotWidth / 2))" y="\(f(top + plotHeight + 42))" text-anchor="middle">\(escape(valueAxisLabel))</text>
            <text transform="translate(18 \(f(top + plotHeight / 2))) rotate(-90)" text-anchor="middle">\(escape(categoryAxisLabel))</text>

            """
        // Legend.
        var lx = labelWidth
        for (family, colour) in SVGBarChart.palette where bars.contains(where: { $0.family == family }) {
            svg += """
                <rect x="\(f(lx))" y="60" width="12" height="12" fill="\(colour)"/>
                <text x="\(f(lx + 17))" y="70">\(family)</text>

                """
            lx += 80
        }
        svg += "</svg>\n"
        return svg
    }

    private func f(_ v: Double) -> String { String(format: "%.1f", v) }

    private func valueText(_ v: Double) -> String {
        v >= 100 ? String(format: "%.0f", v) : v >= 10 ? String(format: "%.1f", v) : String(format: "%.2f", v)
    }

    private func decadeLabel(_ d: Double) -> String {
        let v = pow(10, d)
        return v >= 1 ? String(format: "%.0f µs", v) : String(format: "%g µs", v)
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Writes the chart of verify cost per algorithm for `jose-bench --svg FILE`: the end-to-end JWT rows
/// (`jwt.*`, without `jwt.decode`), or, when none was measured, the signature rows (`verify.*`).
func writeVerifyChart(_ measurements: [Measurement], to path: String, machine: String) throws {
    var bars: [SVGBarChart.Bar] = []
    let jwt = measurements.filter { isChartRow($0.name) && $0.name.hasPrefix("jwt.") }
    let chosen = jwt.isEmpty ? measurements.filter { $0.name.hasPrefix("verify.") } : jwt
    for m in chosen {
        let (label, family) = chartLabel(m.name)
        bars.append(SVGBarChart.Bar(label: label, family: family, value: m.secondsPerOp * 1e6))
    }
    // HMAC first, then RSA (RS before PS, by size), then ECDSA: RSA and ECDSA side by side.
    let order = ["HMAC": 0, "RSA": 1, "ECDSA": 2]
    func key(_ bar: SVGBarChart.Bar) -> (Int, Int, String) {
        (order[bar.family] ?? 3, bar.label.hasPrefix("PS") ? 1 : 0, bar.label)
    }
    bars.sort { key($0) < key($1) }
    let chart = SVGBarChart(
        title: jwt.isEmpty ? "Signature verification cost (PureJOSE)" : "JWT verification cost per algorithm (PureJOSE)",
        subtitle: (jwt.isEmpty ? "" : "token string in, verified claims out · ") + "\(machine) · shorter is faster",
        valueAxisLabel: "microseconds per verification (log scale)",
        categoryAxisLabel: "algorithm and key")
    try chart.render(bars).write(toFile: path, atomically: true, encoding: .utf8)
}

/// Whether a row can be a bar of the verify chart: an end-to-end `jwt.*` verification or a `verify.*` primitive.
func isChartRow(_ name: String) -> Bool {
    (name.hasPrefix("jwt.") && name != "jwt.decode") || name.hasPrefix("verify.")
}

/// `jwt.RS256.3072` → ("RS256, RSA-3072", "RSA"); `jwt.ES384` → ("ES384, P-384", "ECDSA"); `verify.p256` → ("P-256", "ECDSA").
func chartLabel(_ name: String) -> (String, String) {
    let parts = name.split(separator: ".").map(String.init)
    if parts.first == "jwt", parts.count >= 2 {
        let alg = parts[1]
        switch alg.prefix(2) {
        case "HS": return (alg, "HMAC")
        case "RS", "PS": return ("\(alg), RSA-\(parts.count > 2 ? parts[2] : "2048")", "RSA")
        case "ES": return ("\(alg), P-\(alg.dropFirst(2))", "ECDSA")
        default: return (alg, "other")
        }
    }
    if parts.first == "verify", parts.count >= 2 {
        let key = parts[1]
        if key.hasPrefix("rsa") {
            return ("RSA-\(key.dropFirst(3))" + (parts.count > 2 ? " " + parts[2].uppercased() : ""), "RSA")
        }
        if key.hasPrefix("p") { return ("P-\(key.dropFirst())", "ECDSA") }
        if key.hasPrefix("hmac") || key.hasPrefix("hs") { return (key.uppercased(), "HMAC") }
    }
    return (name, "other")
}

/// "2026-11-22, AMD EPYC …" — the date and the CPU model (from /proc/cpuinfo where there is one).
func machineDescription() -> String {
    var cpu = "unknown CPU"
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let date = ISO8601DateFormatter().string(from: Date()).prefix(10)
    return "\(date), \(cpu)"
}
