@_spi(Pipeline) import UserListDomain

extension SortValue {
    @_spi(Pipeline) public init(_ raw: String, key: SortKey) {
        if key == .id, let integer = Self.integer(raw) {
            self = integer
        } else if key == .id {
            self = .text(folded: raw, exact: raw)
        } else {
            self = .text(folded: TextFolding.fold(raw), exact: raw)
        }
    }

    private static func integer(_ raw: String) -> SortValue? {
        var digits = Substring(raw)
        let negative = digits.first == "-"
        if negative { digits.removeFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        while digits.count > 1, digits.first == "0" { digits.removeFirst() }
        return .integer(negative: negative && digits != "0", digits: String(digits))
    }
}
