/// The per-process seed of ``ByteKeyTable/hash(_:)``: a generic type has no stored statics.
@usableFromInline enum ByteKeyTableSeed {
    @usableFromInline static let value = UInt64.random(in: .min ... .max)
}
