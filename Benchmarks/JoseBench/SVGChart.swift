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
        ("RSA", "#3b6fb6"), ("ECDSA", "#e07b24"), ("HMAC", "#5a9e4b"),
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
