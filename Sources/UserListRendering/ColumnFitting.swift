/// Fits a table's columns to a terminal's width (the list's table and the diff's): never wider
/// than the terminal, so a line never wraps into the next.
///
/// Columns give up width in `order` (the list: CAPTION, EMAIL, NAME; the diff: NEW, OLD, NAME),
/// then the others from the right, first down to ``minimumWidth`` each, then, when the terminal
/// is narrower still, down to ``narrowestWidth`` (`ab…`) in the same order; and when
/// even that can't fit, the last columns are left out (a column of `…` alone says nothing).
/// Cut values end in `…`.
enum ColumnFitting {
    /// A column keeps at least this many columns while others can give (fewer only if it was
    /// narrower already).
    static let minimumWidth = 8
    /// On a terminal too narrow for that, a column keeps this many.
    static let narrowestWidth = 3

    /// Narrows `widths` (with `gap` columns between two shown) to fit `maxWidth`; returns how
    /// many columns, from the first, are shown.
    static func fit(_ widths: inout [Int], gap: Int, toFit maxWidth: Int, order: [Int]) -> Int {
        var total = widths.reduce(0, +) + gap * (widths.count - 1)
        func narrow(_ column: Int, floor: Int) {
            guard total > maxWidth else { return }
            let narrowed = max(min(widths[column], floor), widths[column] - (total - maxWidth))
            total -= widths[column] - narrowed
            widths[column] = narrowed
        }
        let rest = (0..<widths.count).reversed().filter { !order.contains($0) }
        for column in order + rest { narrow(column, floor: minimumWidth) }
        for column in order + rest { narrow(column, floor: narrowestWidth) }
        var shown = widths.count
        while total > maxWidth, shown > 1 {
            shown -= 1
            total -= widths[shown] + gap
        }
        return shown
    }

    /// A line that is no table row (the footer, the count line), cut with `…` to fit.
    static func fitted(_ line: String, toWidth maxWidth: Int?) -> String {
        guard let maxWidth else { return line }
        return DisplayWidth.truncated(line, toWidth: maxWidth)
    }
}
