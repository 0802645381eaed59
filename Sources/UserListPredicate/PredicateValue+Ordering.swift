/// jq 1.6's order of values (`jv_cmp`) and equality (`jv_equal`), for `==`, `<` and the rest.
extension PredicateValue {
    /// Negative, zero or positive as `jv_cmp(self, other)`; throws `.unsupported` for two objects
    /// (jq orders them by their sorted keys, then values: not needed by the predicates people
    /// write on a user, so libjq decides them).
    func compare(to other: PredicateValue) throws(PredicateFailure) -> Int {
        let (a, b) = (kindRank, other.kindRank)
        if a != b { return a - b }
        switch (self, other) {
        case (.number(let x), .number(let y)):
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.string(let x), .string(let y)):
            return Self.compareBytes(x, y)
        case (.array(let x), .array(let y)):
            for (l, r) in zip(x, y) {
                let order = try l.compare(to: r)
                if order != 0 { return order }
            }
            return x.count - y.count
        case (.object, .object):
            throw .unsupported
        default:
            return 0  // null, false, true: one value each
        }
    }

    func equals(_ other: PredicateValue) throws(PredicateFailure) -> Bool {
        try compare(to: other) == 0
    }

    /// `memcmp` over the shorter length, then the shorter first: libjq's `string_cmp`.
    static func compareBytes(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for (l, r) in zip(x, y) where l != r { return Int(l) - Int(r) }
                return x.count - y.count
            }
        }
    }
}
