extension EncodedRow: Hashable {
    public static func == (lhs: EncodedRow, rhs: EncodedRow) -> Bool {
        lhs.withBytes { l in rhs.withBytes { r in l.elementsEqual(r) } }
    }

    public func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }
}
