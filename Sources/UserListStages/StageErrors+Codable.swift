/// In a counts line, the list itself (`"errors":[]`).
extension StageErrors: Codable {
    init(from decoder: any Decoder) throws {
        self.init()
        // Through `add`, which keeps the one-input, one-per-rank rule whatever a line says.
        for error in try decoder.singleValueContainer().decode([StageError].self) { add(error) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(found)
    }
}
